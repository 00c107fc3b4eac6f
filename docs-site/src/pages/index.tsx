import React from 'react';
import SiteLink from '../components/SiteLink';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import NavTree from '../components/layout/NavTree';
import type { LayoutContext } from '../lib/nav-types';

/** The home page: every group of the top menu as a card. */
export default function Home({ pageContext }: { pageContext: LayoutContext }) {
  return (
    <Layout route="/" nav={pageContext.nav} toc={false}>
      <h1>Supabase documentation</h1>
      <p className="lead">
        Guides for the database, auth, storage, edge functions and realtime, and references for the client libraries, the
        CLI and the Management API. New here? <SiteLink to="/guides/getting-started">Start with the overview</SiteLink>.
      </p>
      <div className="home-grid">
        {pageContext.nav.top.map((group) => (
          <section key={group.group} className="home-card">
            <h2>{group.group}</h2>
            <NavTree items={group.items} />
          </section>
        ))}
      </div>
    </Layout>
  );
}

export function Head() {
  return <SiteHead title="Home" description="Guides and references for the Supabase platform and its CLI" />;
}
