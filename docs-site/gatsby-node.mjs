// Creates every page: guides from content/**/*.mdx, references and the maintainers' page from
// the artifacts in generated/ (written by the root package's scripts/docs-artifacts.ts), and the
// search index. Each page gets the nav slice it renders in its context, so the browser bundle
// never carries the whole navigation.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { cliCategories, cliCommandRoute, cliSidebar } from './lib/cli-categories.mjs';
import { markdownToHtml } from './lib/markdown.mjs';
import { CONTENT_DIR, readNav, routeForContentFile, SITE_DIR } from './lib/routes.mjs';
import { buildSearchIndex, mdxHeadings, mdxText } from './lib/search-index.mjs';

const template = (name) => `${SITE_DIR}src/templates/${name}.tsx`;
const nav = readNav();
const searchDocuments = [];

function readArtifact(name) {
  const file = `${SITE_DIR}generated/${name}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsx scripts/docs-artifacts.ts\` in the root package (npm run build does it)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function sectionFor(route) {
  const known = nav.routes.find((r) => r.url === route);
  const id = known?.section ?? nav.sections.find((s) => route.startsWith(`${s.url}/`))?.id;
  return nav.sections.find((s) => s.id === id) ?? null;
}

/** What the layout needs: the top menu and this page's sidebar section. */
function navContext(route, sidebar = sectionFor(route)) {
  return { route, nav: { top: nav.top, sidebar } };
}

export const createSchemaCustomization = ({ actions }) => {
  // Declared so queries work even before any guide uses a field.
  actions.createTypes(`
    type Mdx implements Node { frontmatter: MdxFrontmatter }
    type MdxFrontmatter { title: String, description: String, hideToc: Boolean }
  `);
};

async function createGuidePages({ graphql, actions, reporter }) {
  const result = await graphql(`{ allMdx { nodes { id body frontmatter { title description } internal { contentFilePath } } } }`);
  if (result.errors) throw result.errors[0];
  for (const node of result.data.allMdx.nodes) {
    const file = node.internal.contentFilePath;
    const relativePath = relative(CONTENT_DIR, file);
    if (!node.frontmatter?.title) reporter.panicOnBuild(`content/${relativePath}: frontmatter needs a title (see content/README.md)`);
    const route = routeForContentFile(relativePath);
    actions.createPage({ path: route, component: `${template('guide')}?__contentFilePath=${file}`, context: { id: node.id, ...navContext(route) } });
    searchDocuments.push({ url: route, title: node.frontmatter?.title ?? route, section: sectionFor(route)?.title ?? '', headings: mdxHeadings(node.body), text: mdxText(node.body) });
  }
}

function withHtml(command) {
  return { ...command, descriptionHtml: markdownToHtml(command.description ?? command.summary) };
}

function createCliPages({ actions }) {
  const spec = readArtifact('cli-spec.json');
  const sidebar = cliSidebar(spec);
  const route = '/reference/cli/introduction';
  actions.createPage({
    path: route,
    component: template('cli-introduction'),
    context: { ...navContext(route, sidebar), info: { ...spec.info, descriptionHtml: markdownToHtml(spec.info.description) }, flags: spec.flags, categories: cliCategories(spec) },
  });
  searchDocuments.push({ url: route, title: 'CLI reference', section: 'Reference', headings: 'Global flags', text: `${spec.info.description} ${spec.flags.map((f) => `${f.name} ${f.description}`).join(' ')}` });
  for (const command of spec.commands) {
    const path = cliCommandRoute(command.id);
    actions.createPage({ path, component: template('cli-command'), context: { ...navContext(path, sidebar), command: withHtml(command) } });
    searchDocuments.push({ url: path, title: `supabase ${command.title.replace(/^supabase /, '')}`, section: 'CLI reference', headings: command.flags.map((f) => f.name).join(' '), text: `${command.summary} ${command.description ?? ''}` });
  }
}

function createApiPage({ actions }) {
  const api = readArtifact('management-api.json');
  const route = '/reference/api/introduction';
  const operations = api.operations.map((op) => ({ ...op, descriptionHtml: markdownToHtml(op.description) }));
  actions.createPage({ path: route, component: template('api-reference'), context: { ...navContext(route), info: api.info, sections: api.sections, operations } });
  searchDocuments.push({ url: route, title: 'Management API reference', section: 'Reference', headings: api.sections.map((s) => s.title).join(' '), text: operations.map((o) => `${o.summary} ${o.method.toUpperCase()} ${o.path}`).join(' ') });
}

function createMachinesPage({ actions }) {
  const machines = readArtifact('machines.json');
  const route = '/maintainers/state-machines';
  actions.createPage({ path: route, component: template('state-machines'), context: { ...navContext(route), machines } });
  searchDocuments.push({ url: route, title: 'State machines', section: 'Maintainers', headings: machines.machines.map((m) => m.name).join(' '), text: machines.machines.map((m) => m.description).join(' ') });
}

export const createPages = async (args) => {
  await createGuidePages(args);
  createCliPages(args);
  createApiPage(args);
  createMachinesPage(args);
};

// Pages from src/pages (home, 404) get the same layout context as generated ones.
export const onCreatePage = ({ page, actions }) => {
  if (page.context?.nav) return;
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, ...navContext(page.path === '/' ? '/' : page.path, null) } });
};

function writeSearchIndex() {
  mkdirSync(`${SITE_DIR}public`, { recursive: true });
  writeFileSync(`${SITE_DIR}public/search-index.json`, buildSearchIndex(searchDocuments));
}

// After bootstrap for `gatsby develop` (which serves public/ as is), after the build for builds.
export const onPostBootstrap = writeSearchIndex;
export const onPostBuild = writeSearchIndex;

// Mermaid is browser-only and only ever rendered after mount (lazyHelper), so the server
// renderer gets an empty module instead of bundling megabytes it would never run.
export const onCreateWebpackConfig = ({ stage, loaders, actions }) => {
  if (stage === 'build-html' || stage === 'develop-html') {
    actions.setWebpackConfig({ module: { rules: [{ test: /[\\/]node_modules[\\/]mermaid[\\/]/, use: loaders.null() }] } });
  }
};
