import React from 'react';
import SiteLink from '../components/SiteLink';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import ApiOperationSection from '../components/reference/ApiOperationSection';
import type { ApiOperation } from '../components/reference/ApiOperationSection';
import type { LayoutContext } from '../lib/nav-types';

type Context = LayoutContext & {
  section: { id: string; title: string; description: string };
  operations: ApiOperation[];
};

/** /reference/api/<tag>: the Management API operations of one tag, in full. */
export default function ApiTag({ pageContext }: { pageContext: Context }) {
  const { section, operations } = pageContext;
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <p className="api-breadcrumb"><SiteLink to="/reference/api/introduction">Management API reference</SiteLink></p>
      <h1>{section.title}</h1>
      {section.description && <p className="lead">{section.description}</p>}
      {operations.map((operation) => <ApiOperationSection key={operation.id} operation={operation} />)}
    </Layout>
  );
}

export function Head({ pageContext }: { pageContext: Context }) {
  const summaries = pageContext.operations.map((op) => op.summary).join(', ');
  return <SiteHead title={`${pageContext.section.title}: Management API`} description={`Management API operations: ${summaries}`} />;
}
