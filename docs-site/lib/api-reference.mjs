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
