import React from 'react';
import SiteLink from '../components/SiteLink';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import type { LayoutContext } from '../lib/nav-types';

export default function NotFound({ pageContext }: { pageContext: LayoutContext }) {
  return (
    <Layout route="/404" nav={pageContext.nav} toc={false}>
      <h1>Page not found</h1>
      <p>This page does not exist (yet). Try the search above, or go back to the <SiteLink to="/">home page</SiteLink>.</p>
    </Layout>
  );
}

export function Head() {
  return <SiteHead title="Page not found" />;
}
