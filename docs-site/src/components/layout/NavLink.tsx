import React from 'react';
import type { ReactNode } from 'react';
import SiteLink from '../SiteLink';
import type { NavItem } from '../../lib/nav-types';

/** A nav entry: external sites in a new tab, site routes through the router. */
export default function NavLink({ item, current, children }: { item: NavItem; current?: boolean; children?: ReactNode }) {
  const label = children ?? item.title;
  if (!item.url) return <span>{label}</span>;
  if (item.external) return <a href={item.url} target="_blank" rel="noreferrer noopener">{label}</a>;
  return <SiteLink to={item.url} aria-current={current ? 'page' : undefined}>{label}</SiteLink>;
}
