import React from 'react';
import type { ReactNode } from 'react';
import { graphql } from 'gatsby';
import type { HeadProps } from 'gatsby';
import { MDXProvider } from '@mdx-js/react';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import LibraryHeader from '../components/reference/LibraryHeader';
import { mdxComponents } from '../components/mdx/components';
import type { LayoutContext, LibraryContext } from '../lib/nav-types';

interface GuideData { mdx: { frontmatter: { title: string; description?: string; hideToc?: boolean } } }

/** A guide: frontmatter title and description above the MDX body. */
export default function Guide({ data, pageContext, children }: { data: GuideData; pageContext: LayoutContext & { library?: LibraryContext }; children: ReactNode }) {
  const { title, description, hideToc } = data.mdx.frontmatter;
  return (
    <Layout route={pageContext.route} nav={pageContext.nav} toc={!hideToc}>
      {pageContext.library && <LibraryHeader library={pageContext.library} />}
      <h1>{title}</h1>
      {description && <p className="lead">{description}</p>}
      <MDXProvider components={mdxComponents}>{children}</MDXProvider>
    </Layout>
  );
}

export const query = graphql`
  query GuidePage($id: String!) {
    mdx(id: { eq: $id }) { frontmatter { title description hideToc } }
  }
`;

export function Head({ data }: HeadProps<GuideData>) {
  return <SiteHead title={data.mdx.frontmatter.title} description={data.mdx.frontmatter.description} />;
}
