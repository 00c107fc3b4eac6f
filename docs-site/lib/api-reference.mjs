// Where the Management API reference puts things: one page per tag (its operations in full) and an
// index at /reference/api/introduction listing every operation. The reference used to be one page
// of ~19,000 elements whose hydration blocked a phone for seconds; links made for that page
// (/reference/api/introduction#<operation>) still arrive, through operationTags.

export const API_INDEX_ROUTE = '/reference/api/introduction';

/** The page of one tag (a section of management-api.json). */
export const apiTagRoute = (sectionId) => `/reference/api/${sectionId}`;

/** Where an operation is documented now: its tag page and its anchor there. */
export const apiOperationUrl = (sectionId, operationId) => `${apiTagRoute(sectionId)}#${operationId}`;

/** { <operation id>: <section id> }: what the index needs to forward an old operation anchor. */
export function operationTags(api) {
  return Object.fromEntries(api.sections.flatMap((section) => section.operations.map((id) => [id, section.id])));
}

/** The sidebar of the Management API reference, in the nav item shape: the index, then each tag. */
export function apiSidebar(api) {
  return {
    id: 'api-reference',
    title: 'Management API',
    url: API_INDEX_ROUTE,
    items: [
      { title: 'Introduction', url: API_INDEX_ROUTE },
      ...api.sections.map((section) => ({ title: section.title, url: apiTagRoute(section.id) })),
    ],
  };
}

// A schema of hundreds of lines is thousands of highlighted elements (the auth config is 700 lines,
// three times on one page): pages carry its first lines and the reader asks for the rest.
const PREVIEW_LINES = 30;
const LONG_SAMPLE_LINES = 60;

/**
 * A JSON sample for an API page, highlighted with `highlight(code, language)`: { html, lines,
 * previewHtml }, where previewHtml (the first lines) is null when the sample is short enough to show
 * whole.
 */
export function jsonSample(value, highlight) {
  if (value == null) return null;
  const text = JSON.stringify(value, null, 2);
  const lines = text.split('\n');
  // JSON's tokens never span lines, so highlighting the first lines alone gives their final markup.
  const previewHtml = lines.length > LONG_SAMPLE_LINES ? highlight(lines.slice(0, PREVIEW_LINES).join('\n'), 'json') : null;
  return { html: highlight(text, 'json'), lines: lines.length, previewHtml };
}
