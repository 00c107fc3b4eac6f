/**
 * Turns the Management API's OpenAPI 3 document into what the reference page renders: operations
 * with their method, path, parameters and responses, grouped by tag, schemas inlined (the page
 * has no resolver of its own).
 */
type Json = Record<string, unknown>;

export interface ApiParameter { name: string; in: string; required: boolean; description: string; type: string }
export interface ApiResponse { status: string; description: string; schema: unknown }
export interface ApiOperation {
  id: string;
  operationId: string;
  summary: string;
  description: string;
  method: string;
  path: string;
  tags: string[];
  parameters: ApiParameter[];
  requestBody: unknown;
  responses: ApiResponse[];
}
export interface ApiSection { id: string; title: string; description: string; operations: string[] }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `Get database branch config` -> `get-database-branch-config`. */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Replaces `$ref`s by the schema they name; a schema met again inside itself stays a name. */
function inline(node: unknown, schemas: Json, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, schemas, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() as string;
    if (seen.includes(name)) return { $ref: name };
    return inline(schemas[name], schemas, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, schemas, seen)]));
}

function typeOf(schema: Json | undefined): string {
  if (!schema) return 'string';
  if (schema.enum) return (schema.enum as string[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items as Json)}[]`;
  return String(schema.type ?? 'object');
}

/** Sections in the document's tag order (declared tags first, then first use), operations by id. */
export function buildManagementApi(doc: Json) {
  const schemas = ((doc.components as Json)?.schemas ?? {}) as Json;
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const summary = String(op.summary ?? op.operationId ?? `${method} ${path}`);
      operations.push({
        id: slugify(summary),
        operationId: String(op.operationId ?? slugify(summary)),
        summary,
        description: String(op.description ?? ''),
        method,
        path,
        tags: (op.tags as string[] | undefined) ?? ['other'],
        parameters: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
          name: String(p.name),
          in: String(p.in),
          required: Boolean(p.required),
          description: String(p.description ?? ''),
          type: typeOf(p.schema as Json),
        })),
        requestBody: inline(((op.requestBody as Json)?.content as Json)?.['application/json'], schemas) ?? null,
        responses: Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, response]) => ({
          status,
          description: String(response.description ?? ''),
          schema: inline(((response.content as Json)?.['application/json'] as Json)?.schema, schemas) ?? null,
        })),
      });
    }
  }
  const declared = ((doc.tags as Json[] | undefined) ?? []).map((t) => ({ name: String(t.name), description: String(t.description ?? '') }));
  const names = [...new Set([...declared.map((t) => t.name), ...operations.flatMap((o) => o.tags)])];
  const sections: ApiSection[] = names
    .map((name) => ({
      id: slugify(name),
      title: name.charAt(0).toUpperCase() + name.slice(1),
      description: declared.find((t) => t.name === name)?.description ?? '',
      operations: operations.filter((o) => o.tags.includes(name)).map((o) => o.id),
    }))
    .filter((section) => section.operations.length > 0);
  const info = (doc.info ?? {}) as Json;
  return { info: { title: String(info.title ?? 'Management API'), version: String(info.version ?? '') }, sections, operations };
}
