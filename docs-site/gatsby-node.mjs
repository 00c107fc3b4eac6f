// Creates every page: guides from content/**/*.mdx, references and the maintainers' page from
// the artifacts in generated/ (written by the root package's scripts/docs-artifacts.ts), and the
// search index. Each page gets the nav slice it renders in its context, so the browser bundle
// never carries the whole navigation.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { API_INDEX_ROUTE, apiSidebar, apiTagRoute, jsonSample, operationTags } from './lib/api-reference.mjs';
import { cliCategories, cliCommandRoute, cliSidebar } from './lib/cli-categories.mjs';
import { counterpartSlug, methodSidebar } from './lib/client-methods.mjs';
import { highlightCode, markdownToHtml } from './lib/markdown.mjs';
import { drawDiagrams } from './lib/mermaid-diagrams.mjs';
import { writeProviderIcons } from './lib/provider-icons.mjs';
import TerserPlugin from 'terser-webpack-plugin';
import { CONTENT_DIR, contentFilesForRoute, readNav, routeForContentFile, SITE_DIR } from './lib/routes.mjs';
import { buildSearchIndex, mdxHeadings, mdxText } from './lib/search-index.mjs';

const template = (name) => `${SITE_DIR}src/templates/${name}.tsx`;
const nav = readNav();
const searchDocuments = [];

function readArtifact(name) {
  const file = `${SITE_DIR}generated/${name}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx tsx scripts/docs-artifacts.ts\` in the root package (npm run build does it)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function sectionFor(versionedRoute) {
  // An older version of a client library reference sits where its latest version does.
  const route = versionedRoute.replace(/^(\/reference\/[^/]+)\/v\d+\//, '$1/');
  // A reference page the navigation does not list (a part of an older version) belongs where its
  // library's introduction does.
  const introduction = route.replace(/^(\/reference\/[^/]+)\/.+$/, '$1/introduction');
  const known = nav.routes.find((r) => r.url === route) ?? nav.routes.find((r) => r.url === introduction);
  const id = known?.section ?? nav.sections.find((s) => route.startsWith(`${s.url}/`))?.id;
  return nav.sections.find((s) => s.id === id) ?? null;
}

/** What the layout needs: the top menu and this page's sidebar section. */
function navContext(route, sidebar = sectionFor(route)) {
  return { route, nav: { top: nav.top, sidebar } };
}

// Before the bundles are built: the AuthProviders component imports the icon manifest.
export const onPreBootstrap = () => {
  writeProviderIcons();
};

export const createSchemaCustomization = ({ actions }) => {
  // Declared so queries work even before any guide uses a field.
  actions.createTypes(`
    type Mdx implements Node { frontmatter: MdxFrontmatter }
    type MdxFrontmatter { title: String, description: String, hideToc: Boolean, part: String, order: Int }
  `);
};

const { libraries } = JSON.parse(readFileSync(`${SITE_DIR}src/data/client-libraries.json`, 'utf8'));

/**
 * For pages of a client library reference: which version the page documents and the same page in
 * the other versions. The newest version lives at /reference/<id>/..., older ones under
 * /reference/<id>/<version>/....
 */
function libraryContext(route) {
  const match = /^\/reference\/([^/]+)\/(?:(v\d+)\/)?(.+)$/.exec(route);
  const library = match && libraries.find((l) => l.id === match[1]);
  if (!library) return {};
  const [, id, version = library.versions[0], rest] = match;
  const pageOf = (v, i, page) => (i === 0 ? `/reference/${id}/${page}` : `/reference/${id}/${v}/${page}`);
  // Versions do not all hold the same pages (an upgrade guide has no older version to come from):
  // where this page has no counterpart (same slug, or the method's renamed one), the switch opens
  // that version's introduction.
  const urlOf = (v, i) => {
    const same = pageOf(v, i, counterpartSlug(id, rest, version, v));
    return contentFilesForRoute(same).some((file) => existsSync(file)) ? same : pageOf(v, i, 'introduction');
  };
  return {
    library: {
      name: library.name,
      current: version,
      versions: library.versions.map((v, i) => ({ version: v, url: urlOf(v, i) })),
      community: library.community,
      ...(library.repository ? { repository: library.repository } : {}),
    },
  };
}

async function createGuidePages({ graphql, actions, reporter }) {
  const result = await graphql(`{ allMdx { nodes { id body frontmatter { title description part order } internal { contentFilePath } } } }`);
  if (result.errors) throw result.errors[0];
  const routeOf = (node) => routeForContentFile(relative(CONTENT_DIR, node.internal.contentFilePath));
  // A version of a library with method pages gets their menu on its pages: the newest at
  // /reference/<id>/, an older one under /reference/<id>/<version>/.
  const methodPages = result.data.allMdx.nodes.map((node) => ({ route: routeOf(node), ...node.frontmatter }));
  const methodSidebars = libraries.flatMap((library) => library.versions.map((version, i) => {
    const older = i === 0 ? undefined : version;
    return [older ? `/reference/${library.id}/${older}/` : `/reference/${library.id}/`, methodSidebar(library, methodPages, older)];
  })).filter(([, sidebar]) => sidebar);
  const sidebarFor = (route) => methodSidebars.find(([prefix]) => route.startsWith(prefix) && !/^v\d+\//.test(route.slice(prefix.length)))?.[1];
  for (const node of result.data.allMdx.nodes) {
    const file = node.internal.contentFilePath;
    const relativePath = relative(CONTENT_DIR, file);
    if (!node.frontmatter?.title) reporter.panicOnBuild(`content/${relativePath}: frontmatter needs a title (see content/README.md)`);
    const route = routeForContentFile(relativePath);
    actions.createPage({ path: route, component: `${template('guide')}?__contentFilePath=${file}`, context: { id: node.id, ...navContext(route, sidebarFor(route) ?? sectionFor(route)), ...libraryContext(route) } });
    searchDocuments.push({ url: route, title: node.frontmatter?.title ?? route, section: sectionFor(route)?.title ?? '', headings: mdxHeadings(node.body), text: mdxText(node.body) });
  }
}

// The spec's descriptions are Markdown (flags, paths and placeholders as code); pages get HTML.
const flagWithHtml = (flag) => ({ ...flag, descriptionHtml: markdownToHtml(flag.description) });

function withHtml(command) {
  return {
    ...command,
    descriptionHtml: markdownToHtml(command.description ?? command.summary),
    flags: command.flags.map(flagWithHtml),
  };
}

/** Search text of a Markdown description: the words, without code marks and escapes. */
const plainText = (markdown = '') => markdown.replace(/[`\\]/g, '');

function createCliPages({ actions }) {
  const spec = readArtifact('cli-spec.json');
  const sidebar = cliSidebar(spec);
  const route = '/reference/cli/introduction';
  actions.createPage({
    path: route,
    component: template('cli-introduction'),
    context: { ...navContext(route, sidebar), info: { ...spec.info, descriptionHtml: markdownToHtml(spec.info.description) }, flags: spec.flags.map(flagWithHtml), categories: cliCategories(spec) },
  });
  searchDocuments.push({ url: route, title: 'CLI reference', section: 'Reference', headings: 'Global flags', text: plainText(`${spec.info.description} ${spec.flags.map((f) => `${f.name} ${f.description}`).join(' ')}`) });
  for (const command of spec.commands) {
    const path = cliCommandRoute(command.id);
    actions.createPage({ path, component: template('cli-command'), context: { ...navContext(path, sidebar), command: withHtml(command) } });
    searchDocuments.push({ url: path, title: `supabase ${command.title.replace(/^supabase /, '')}`, section: 'CLI reference', headings: command.flags.map((f) => f.name).join(' '), text: plainText(`${command.summary} ${command.description ?? ''}`) });
  }
}

/**
 * The Management API reference: an index of every operation and one page per tag. A tag page holds
 * at most a few operations with their highlighted schemas, so no page ships the whole document.
 */
function createApiPages({ actions }) {
  const api = readArtifact('management-api.json');
  const sidebar = apiSidebar(api);
  const json = (value) => jsonSample(value, highlightCode);
  const byId = new Map(api.operations.map((op) => [op.id, op]));
  const withHtml = ({ requestBody, responses, ...op }) => ({
    ...op,
    descriptionHtml: markdownToHtml(op.description),
    requestBody: json(requestBody),
    responses: responses.map(({ schema, ...response }) => ({ ...response, schema: json(schema) })),
  });
  // The index lists operations by method, path and summary only: the details live on the tag pages.
  const listed = (id) => {
    const { method, path, summary } = byId.get(id);
    return { id, method, path, summary };
  };
  const sections = api.sections.map((section) => ({ ...section, url: apiTagRoute(section.id), operations: section.operations.map(listed) }));
  actions.createPage({ path: API_INDEX_ROUTE, component: template('api-reference'), context: { ...navContext(API_INDEX_ROUTE, sidebar), info: api.info, sections, operationTags: operationTags(api) } });
  searchDocuments.push({ url: API_INDEX_ROUTE, title: 'Management API reference', section: 'Reference', headings: api.sections.map((s) => s.title).join(' '), text: 'Manage projects, branches, functions, secrets and more over HTTP with a personal access token.' });
  for (const section of api.sections) {
    const route = apiTagRoute(section.id);
    const operations = section.operations.map((id) => withHtml(byId.get(id)));
    actions.createPage({ path: route, component: template('api-tag'), context: { ...navContext(route, sidebar), section: { id: section.id, title: section.title, description: section.description }, operations } });
    searchDocuments.push({ url: route, title: `${section.title}: Management API`, section: 'Management API', headings: operations.map((o) => o.summary).join(' '), text: operations.map((o) => `${o.summary} ${o.method.toUpperCase()} ${o.path}`).join(' ') });
  }
}

async function createMachinesPage({ actions }) {
  const machines = readArtifact('machines.json');
  const route = '/maintainers/state-machines';
  const drawn = machines.machines.filter((m) => m.mermaid);
  const drawings = await drawDiagrams(drawn.map((m) => m.mermaid));
  const diagrams = new Map(drawn.map((m, i) => [m.name, drawings[i]]));
  const withDiagrams = { machines: machines.machines.map(({ mermaid, ...m }) => ({ ...m, diagram: diagrams.get(m.name) ?? null })) };
  actions.createPage({ path: route, component: template('state-machines'), context: { ...navContext(route), machines: withDiagrams } });
  searchDocuments.push({ url: route, title: 'State machines', section: 'Maintainers', headings: machines.machines.map((m) => m.name).join(' '), text: machines.machines.map((m) => m.description).join(' ') });
}

function createRedirectPages({ actions }) {
  const { redirects } = JSON.parse(readFileSync(`${SITE_DIR}src/data/redirects.json`, 'utf8'));
  for (const { from, to, title } of redirects) {
    actions.createPage({ path: from, component: template('redirect'), context: { ...navContext(from, null), to, title } });
  }
}

export const createPages = async (args) => {
  await createGuidePages(args);
  createCliPages(args);
  createApiPages(args);
  await createMachinesPage(args);
  createRedirectPages(args);
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

// Minify with esbuild instead of Terser: the same output within a few per cent, in a fraction of
// the time (Terser was one of the two largest costs of the build on a 2-core machine). Target
// `esnext`: minify only, never lower syntax, because lowering (private fields, for one) puts
// helper `var`s at the top of each chunk, where they become globals that the chunks overwrite.
//
// Compiled MDX skips Babel: @mdx-js/mdx already emits plain modern JavaScript (no JSX, no
// TypeScript, no GraphQL), and running Babel's preset over 400 compiled guides, twice (browser
// and server bundles), was the largest single cost of the build. Templates and components keep
// Babel: they need Gatsby's GraphQL transform.
const isBabel = (entry) => /babel-loader/.test(typeof entry === 'string' ? entry : (entry?.loader ?? ''));

export const onCreateWebpackConfig = ({ stage, getConfig, actions }) => {
  const config = getConfig();
  for (const rule of config.module.rules) {
    if (String(rule.test) === String(/\.mdx?$/) && typeof rule.use === 'function') {
      const use = rule.use;
      rule.use = (info) => use(info).filter((entry) => !isBabel(entry));
    }
  }
  if (stage === 'build-javascript') {
    config.optimization.minimizer = config.optimization.minimizer.map((plugin) =>
      plugin.constructor.name === 'TerserPlugin'
        ? new TerserPlugin({ minify: TerserPlugin.esbuildMinify, terserOptions: { target: 'esnext', legalComments: 'none' }, parallel: plugin.options.parallel })
        : plugin,
    );
  }
  actions.replaceWebpackConfig(config);
};
