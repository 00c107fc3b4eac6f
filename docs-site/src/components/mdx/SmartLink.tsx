import React from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'gatsby';

/** MDX `a`: site routes go through Gatsby's router (prefetch), other sites open in a new tab. */
export default function SmartLink({ href = '', children, ...rest }: ComponentPropsWithoutRef<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href} {...rest}>{children}</Link>;
  if (/^https?:/.test(href)) return <a href={href} target="_blank" rel="noreferrer noopener" {...rest}>{children}</a>;
  return <a href={href} {...rest}>{children}</a>;
}
