import React from 'react';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import Heading from '../components/mdx/Heading';
import ApiOperationSection from '../components/reference/ApiOperationSection';
import type { ApiOperation } from '../components/reference/ApiOperationSection';
import type { LayoutContext } from '../lib/nav-types';

type Context = LayoutContext & {
  info: { title: string; version: string };
  sections: Array<{ id: string; title: string; description: string; operations: string[] }>;
  operations: ApiOperation[];
};

/** /reference/api/introduction: the Management API's operations grouped by tag, from the OpenAPI document. */
export default function ApiReference({ pageContext }: { pageContext: Context }) {
  const byId = new Map(pageContext.operations.map((op) => [op.id, op]));
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <h1>Management API reference</h1>
      <p className="lead">
        Manage projects, branches, functions, secrets and more over HTTP. Authenticate with a personal access token
        (<code>Authorization: Bearer &lt;token&gt;</code>); the base URL is <code>https://api.supabase.com</code>.
      </p>
      {pageContext.sections.map((section) => (
        <section key={section.id} className="api-section">
          <Heading tag="h2" customAnchor={section.id}>{section.title}</Heading>
          {section.description && <p>{section.description}</p>}
          {section.operations.map((id) => <ApiOperationSection key={id} operation={byId.get(id) as ApiOperation} />)}
        </section>
      ))}
    </Layout>
  );
}

export function Head() {
  return <SiteHead title="Management API reference" description="Operations of the platform's Management API, by tag" />;
}
