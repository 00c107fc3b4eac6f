import React from 'react';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import CliCommandSection from '../components/reference/CliCommandSection';
import type { SpecCommand } from '../components/reference/CliCommandSection';
import type { LayoutContext } from '../lib/nav-types';

type Context = LayoutContext & { command: SpecCommand };

/** /reference/cli/<command-id>, generated from cli-spec.json. */
export default function CliCommandPage({ pageContext }: { pageContext: Context }) {
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <CliCommandSection command={pageContext.command} />
    </Layout>
  );
}

export function Head({ pageContext }: { pageContext: Context }) {
  return <SiteHead title={pageContext.command.title} description={pageContext.command.summary} />;
}
