/**
 * Authentication / users: the users of the local Auth through its admin API (`/auth/v1/admin/users`,
 * GoTrue's, as the service role): searched by email, 50 a page with the total from
 * `X-Total-Count`, created with a password (confirmed at once or not) or invited by mail, deleted.
 * The search and the page are kept in the address.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { InviteForm } from '../auth/invite-form';
import { DataGrid, type Row } from '../components/data-grid';
import { ErrorAlert, StatusLine } from '../components/messages';
import { Pager } from '../components/pager';
import { ServiceNotice, serviceAbsent } from '../components/service-notice';
import { StatusForm } from '../components/status-form';
import type { StudioConfig } from '../config';
import { hashOf, navigate, pageOf, pageParam, parseHash, useHash } from '../hash-route';
import { auth, errorText } from '../http';

const PER_PAGE = 50;

interface User {
  id: string;
  email?: string;
  phone?: string;
  created_at: string;
  last_sign_in_at?: string | null;
  email_confirmed_at?: string | null;
}

const COLUMNS = [{ name: 'email' }, { name: 'phone' }, { name: 'confirmed' }, { name: 'created' }, { name: 'last sign-in' }, { name: 'id' }];
const when = (text: string | null | undefined) => (text ? new Date(text).toLocaleString() : null);

export function AuthUsers({ config }: { config: StudioConfig }) {
  const ids = { search: useId(), email: useId(), password: useId(), confirm: useId() };
  // The search and the page are the address (`#/users?search=ada&page=2`): a reload keeps them.
  const route = parseHash(useHash());
  const search = route.params.get('search') ?? '';
  // Counted from 1, as Auth's admin API counts them.
  const page = pageOf(route.params) + 1;
  /** The list seen another way: the address is rewritten, not added to (a search is typed a key at a time). */
  const show = (next: { search?: string; page?: number }) =>
    navigate(hashOf('users', [], { search: next.search ?? search, page: pageParam((next.page ?? page) - 1) }), { replace: true });
  const [users, setUsers] = useState<{ list: User[]; total: number }>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [form, setForm] = useState({ email: '', password: '', confirm: true });

  const load = useCallback(async () => {
    try {
      const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), ...(search ? { filter: search } : {}) });
      const { data, headers } = await auth<{ users: User[] }>(config, `admin/users?${query}`);
      setUsers({ list: data.users, total: Number(headers.get('x-total-count') ?? data.users.length) });
      setError('');
    } catch (cause) {
      // An absent Auth is the notice's to say, once.
      setError(serviceAbsent(cause) ? '' : errorText(cause));
    }
  }, [config, page, search]);

  useEffect(() => {
    void load();
  }, [load]);

  async function create(): Promise<string> {
    await auth(config, 'admin/users', 'POST', { email: form.email, password: form.password, email_confirm: form.confirm });
    setForm({ ...form, email: '', password: '' });
    await load();
    return `User ${form.email} created`;
  }

  async function remove(user: User) {
    if (!confirm(`Delete the user ${user.email ?? user.id}?`)) return;
    try {
      await auth(config, `admin/users/${encodeURIComponent(user.id)}`, 'DELETE');
      setStatus(`User ${user.email ?? user.id} deleted`);
      await load();
    } catch (cause) {
      setStatus(`Could not delete the user: ${errorText(cause)}`);
    }
  }

  const rows: Row[] = (users?.list ?? []).map((user) => ({
    email: user.email || null,
    phone: user.phone || null,
    confirmed: user.email_confirmed_at ? 'yes' : 'no',
    created: when(user.created_at),
    'last sign-in': when(user.last_sign_in_at),
    id: user.id,
  }));
  const last = users ? Math.min(page * PER_PAGE, users.total) : 0;

  return (
    <>
      <ServiceNotice probe={() => auth(config, 'health')} />
      <StatusForm title="Create a user" action="Create user" failure="Could not create the user" onSubmit={create} className="toolbar">
        <div className="grow">
          <label htmlFor={ids.email}>Email</label>
          <input id={ids.email} type="email" required value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} autoComplete="off" />
        </div>
        <div className="grow">
          <label htmlFor={ids.password}>Password</label>
          <input id={ids.password} type="password" required minLength={6} value={form.password} onChange={(event) => setForm({ ...form, password: event.target.value })} autoComplete="new-password" />
        </div>
        <div className="check">
          <input id={ids.confirm} type="checkbox" checked={form.confirm} onChange={(event) => setForm({ ...form, confirm: event.target.checked })} />{' '}
          <label htmlFor={ids.confirm}>Confirm the email now</label>
        </div>
      </StatusForm>
      <InviteForm config={config} onInvited={load} />
      <section aria-labelledby="users-list">
        <h2 id="users-list">Users</h2>
        <div className="toolbar">
          <div className="grow">
            <label htmlFor={ids.search}>Search by email</label>
            <input id={ids.search} type="search" value={search} onChange={(event) => show({ search: event.target.value, page: 1 })} />
          </div>
        </div>
        {/* A deletion is said beside the list it was made from. */}
        <StatusLine text={status} />
        <ErrorAlert text={error} />
        {users && (
          <>
            <DataGrid
              label="User list"
              columns={COLUMNS}
              rows={rows}
              actions={(_row, index) => (
                <button type="button" className="danger" onClick={() => void remove(users.list[index]!)} aria-label={`Delete ${users.list[index]!.email ?? users.list[index]!.id}`}>
                  Delete
                </button>
              )}
            />
            <Pager
              label="User pages"
              summary={users.total === 0 ? 'No users' : `Users ${(page - 1) * PER_PAGE + 1}–${last} of ${users.total}`}
              hasPrevious={page > 1}
              hasNext={last < users.total}
              onMove={(step) => show({ page: page + step })}
            />
          </>
        )}
      </section>
    </>
  );
}
