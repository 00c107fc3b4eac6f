// Gatsby configuration: guides are MDX files under content/, compiled with a guard that fails the
// build on components the site does not provide, and code highlighted at build time (no
// highlighter shipped to the browser).
import rehypePrism from 'rehype-prism-plus';
import remarkKnownComponents from './plugins/remark-known-components.mjs';

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
          remarkPlugins: [remarkKnownComponents],
          rehypePlugins: [[rehypePrism, { ignoreMissing: true }]],
        },
      },
    },
  ],
};

export default config;
