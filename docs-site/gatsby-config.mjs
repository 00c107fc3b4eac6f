// Gatsby configuration: guides are MDX files under content/, compiled with GitHub-flavoured
// Markdown (tables, task lists, strikethrough, autolinks), a guard that fails the build on
// components the site does not provide, code highlighted at build time and shipped as HTML
// strings, and Mermaid diagrams drawn to SVG at build time: no highlighter or diagram code
// reaches the browser.
import remarkGfm from 'remark-gfm';
import { rehypePrism } from './lib/prism-languages.mjs';
import rehypeCodeHtml from './plugins/rehype-code-html.mjs';
import remarkKnownComponents from './plugins/remark-known-components.mjs';
import remarkMermaidImages from './plugins/remark-mermaid-images.mjs';

const config = {
  siteMetadata: {
    title: 'Supabase Docs',
    description: 'Guides and references for the Supabase platform and its CLI',
    siteUrl: 'http://localhost:9000',
  },
  trailingSlash: 'never',
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'content', path: './content' },
    },
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        extensions: ['.mdx'],
        mdxOptions: {
          remarkPlugins: [remarkKnownComponents, remarkGfm, remarkMermaidImages],
          rehypePlugins: [[rehypePrism, { ignoreMissing: true }], rehypeCodeHtml],
        },
      },
    },
  ],
};

export default config;
