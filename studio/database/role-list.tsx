/**
 * The database's roles and what each may do: log in, bypass every check (superuser), create
 * databases and roles, replicate, bypass row level security, and how many connections it may hold.
 */
import { DataGrid, type Row } from '../components/data-grid';
import { listRoles, type RoleMeta } from './db-meta';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

const COLUMNS = [
  { name: 'name' },
  { name: 'login' },
  { name: 'superuser' },
  { name: 'create db' },
  { name: 'create role' },
  { name: 'replication' },
  { name: 'bypass RLS' },
  { name: 'connection limit' },
];

const yes = (flag: boolean) => (flag ? 'yes' : 'no');

const rowOf = (role: RoleMeta): Row => ({
  name: role.name,
  login: yes(role.can_login),
  superuser: yes(role.is_superuser),
  'create db': yes(role.can_create_db),
  'create role': yes(role.can_create_role),
  replication: yes(role.is_replication_role),
  'bypass RLS': yes(role.can_bypass_rls),
  'connection limit': role.own_connection_limit === -1 ? 'none' : role.own_connection_limit,
});

export function RoleList() {
  const { data, error, loading } = useLoaded(listRoles, []);
  return (
    <>
      <LoadState error={error} loading={loading} />
      {data && <DataGrid label="Role list" columns={COLUMNS} rows={data.map(rowOf)} />}
    </>
  );
}
