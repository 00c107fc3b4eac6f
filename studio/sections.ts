/**
 * The Studio's sections, in the order of its navigation. A section is a hash route
 * (`#/api`, ...; what follows its id in the hash is the section's own, see hash-route.ts) and a
 * component; adding one is an entry here and a file in sections/.
 */
import type { ComponentType } from 'react';
import type { StudioConfig } from './config';
import { parseHash } from './hash-route';
import { ApiSettings } from './sections/api-settings';
import { AuthUsers } from './sections/auth-users';
import { Database } from './sections/database';
import { SqlEditor } from './sections/sql-editor';
import { StorageSection } from './sections/storage';
import { TableEditor } from './sections/table-editor';

export interface Section {
  /** The hash route, `#/<id>`. */
  id: string;
  title: string;
  component: ComponentType<{ config: StudioConfig }>;
}

export const SECTIONS: readonly Section[] = [
  { id: 'api', title: 'Project settings / API', component: ApiSettings },
  { id: 'sql', title: 'SQL editor', component: SqlEditor },
  { id: 'tables', title: 'Table editor', component: TableEditor },
  { id: 'database', title: 'Database', component: Database },
  { id: 'users', title: 'Authentication users', component: AuthUsers },
  { id: 'storage', title: 'Storage', component: StorageSection },
];

/** The section a location hash names, else the first. */
export function sectionOf(hash: string): Section {
  const { section: id } = parseHash(hash);
  return SECTIONS.find((section) => section.id === id) ?? SECTIONS[0]!;
}
