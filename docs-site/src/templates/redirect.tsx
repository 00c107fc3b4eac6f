import React from 'react';
import Layout from '../components/layout/Layout';
import type { LayoutContext } from '../lib/nav-types';

type Context = LayoutContext & { to: string; title: string };

/** A moved route: says where the page went while the meta refresh in <head> takes the reader there. */
export default function Redirect({ pageContext }: { pageContext: Context }) {
  return (
    <Layout route={pageContext.route} nav={pageContext.nav} toc={false}>
      <h1>{pageContext.title} has moved</h1>
      <p className="lead">
        This page is now at <a href={pageContext.to}>{pageContext.to}</a>. Your browser should take you there at once.
      </p>
    </Layout>
  );
}

export function Head({ pageContext }: { pageContext: Context }) {
  return (
    <>
      <title>{`${pageContext.title} has moved | Supabase Docs`}</title>
      <meta name="description" content={`${pageContext.title} moved to ${pageContext.to}`} />
      <meta httpEquiv="refresh" content={`0; url=${pageContext.to}`} />
      <link rel="canonical" href={pageContext.to} />
    </>
  );
}
