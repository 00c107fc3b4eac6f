import React from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import SiteLink from '../SiteLink';

/** MDX `a`: site routes go through the router (SiteLink), other sites open in a new tab. */
export default function SmartLink({ href = '', children, ...rest }: ComponentPropsWithoutRef<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) return <SiteLink to={href} {...rest}>{children}</SiteLink>;
  if (/^https?:/.test(href)) return <a href={href} target="_blank" rel="noreferrer noopener" {...rest}>{children}</a>;
  return <a href={href} {...rest}>{children}</a>;
}
