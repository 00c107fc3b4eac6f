import React from 'react';
import SiteLink from '../components/SiteLink';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import Heading from '../components/mdx/Heading';
import FlagList from '../components/reference/FlagList';
import type { SpecFlag } from '../components/reference/FlagList';
import type { LayoutContext } from '../lib/nav-types';
import { slugify } from '../lib/slug';

type Context = LayoutContext & {
  info: { title: string; version: string; descriptionHtml: string; source: string };
  flags: SpecFlag[];
  categories: Array<{ title: string; commands: Array<{ id: string; title: string }> }>;
};

/** /reference/cli/introduction: what the CLI is, its global flags, and every command by category. */
export default function CliIntroduction({ pageContext }: { pageContext: Context }) {
  const { info, flags, categories } = pageContext;
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <h1>{info.title} reference</h1>
      <p className="lead">Version {info.version}. Every command, flag and example below is generated from the CLI's own command registry.</p>
      <Heading tag="h2" customAnchor="introduction">Introduction</Heading>
      <div className="prose" dangerouslySetInnerHTML={{ __html: info.descriptionHtml }} />
      <Heading tag="h2" customAnchor="global-flags">Global flags</Heading>
      <p>These flags are accepted by every command.</p>
      <FlagList flags={flags} />
      {categories.map((category) => (
        <section key={category.title}>
          <Heading tag="h2" customAnchor={slugify(category.title)}>{category.title}</Heading>
          <ul className="command-index">
            {category.commands.map((command) => (
              <li key={command.id}><SiteLink to={`/reference/cli/${command.id}`}><code>$ {command.title}</code></SiteLink></li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}

export function Head() {
  return <SiteHead title="CLI reference" description="Commands, flags and examples of the supabase CLI" />;
}
