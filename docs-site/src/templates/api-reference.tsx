import React, { useEffect } from 'react';
import { navigate } from 'gatsby';
import SiteLink from '../components/SiteLink';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import Heading from '../components/mdx/Heading';
import type { LayoutContext } from '../lib/nav-types';

interface ListedOperation { id: string; method: string; path: string; summary: string }

type Context = LayoutContext & {
  info: { title: string; version: string };
  sections: Array<{ id: string; title: string; description: string; url: string; operations: ListedOperation[] }>;
  /** Operation id -> the route of the tag page that documents it (lib/api-reference.mjs). */
  operationTags: Record<string, string>;
};

/** The tag page an anchor of the old one-page reference (#<operation id>) now lives on, if any. */
function movedTo(hash: string, operationTags: Record<string, string>): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return Object.hasOwn(operationTags, id) ? `${operationTags[id]}#${id}` : null;
}

/**
 * /reference/api/introduction: every Management API operation by tag, each linking to its tag page.
 * The reference was once this one page, so links to its operation anchors exist: each operation
 * keeps its id here (the reader lands on its entry even without JavaScript) and the page forwards
 * to the operation on its tag page.
 */
export default function ApiReference({ pageContext }: { pageContext: Context }) {
  const { sections, operationTags } = pageContext;
  // A full load was forwarded by the script in Head; this covers arriving by a client-side link.
  useEffect(() => {
    const target = movedTo(window.location.hash, operationTags);
    if (target) void navigate(target, { replace: true });
  }, [operationTags]);
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <h1>Management API reference</h1>
      <p className="lead">
        Manage projects, branches, functions, secrets and more over HTTP. Authenticate with a personal access token
        (<code>Authorization: Bearer &lt;token&gt;</code>); the base URL is <code>https://api.supabase.com</code>.
      </p>
      {sections.map((section) => (
        <section key={section.id} className="api-section">
          <Heading tag="h2" customAnchor={section.id}>{section.title}</Heading>
          {section.description && <p>{section.description}</p>}
          <ul className="api-index">
            {section.operations.map((op) => (
              <li key={op.id} id={op.id}>
                <SiteLink to={`${section.url}#${op.id}`}>
                  <span className={`http-method http-method--${op.method}`}>{op.method.toUpperCase()}</span> <code>{op.path}</code> {op.summary}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}

export function Head({ pageContext }: { pageContext: Context }) {
  // Runs while the head is parsed, before anything is drawn: an old link to an operation goes
  // straight to its tag page instead of showing this index first.
  const forward = `(function(){var m=${JSON.stringify(pageContext.operationTags).replace(/</g, '\\u003c')};var id=decodeURIComponent(location.hash.slice(1));if(Object.prototype.hasOwnProperty.call(m,id))location.replace(m[id]+'#'+id)})();`;
  return (
    <>
      <SiteHead title="Management API reference" description="Operations of the platform's Management API, by tag" />
      <script dangerouslySetInnerHTML={{ __html: forward }} />
    </>
  );
}
