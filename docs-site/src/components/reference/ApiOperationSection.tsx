import React from 'react';
import Heading from '../mdx/Heading';
import Tabs from '../mdx/Tabs';
import TabPanel from '../mdx/TabPanel';
import JsonSample from './JsonSample';
import type { JsonSampleData } from './JsonSample';
import ParamTable from './ParamTable';
import type { ApiParameter } from './ParamTable';

export interface ApiOperation {
  id: string;
  summary: string;
  descriptionHtml: string;
  method: string;
  path: string;
  parameters: ApiParameter[];
  /** Highlighted JSON of the body and response schemas, made at build time (gatsby-node). */
  requestBody: JsonSampleData | null;
  responses: Array<{ status: string; description: string; schema: JsonSampleData | null }>;
}

const LOCATIONS: Array<[string, string]> = [['path', 'Path Parameters'], ['query', 'Query Parameters'], ['header', 'Header Parameters']];

/** One Management API operation on its tag page (an h2 under the tag's h1): method and path, parameters, body, and responses per status. */
export default function ApiOperationSection({ operation }: { operation: ApiOperation }) {
  return (
    <section className="api-operation" data-operation={operation.id}>
      <Heading tag="h2" customAnchor={operation.id}>{operation.summary}</Heading>
      <p className="api-operation__route"><span className={`http-method http-method--${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code></p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} />
      {LOCATIONS.map(([location, title]) => (
        <ParamTable key={location} title={title} parameters={operation.parameters.filter((p) => p.in === location)} />
      ))}
      {operation.requestBody != null && (
        <details><summary>Request body</summary><JsonSample sample={operation.requestBody} /></details>
      )}
      <h3 className="param-table__title">Responses</h3>
      <Tabs type="underlined" queryGroup="response-status">
        {operation.responses.map((response) => (
          <TabPanel key={response.status} id={response.status} label={response.status}>
            {response.description && <p>{response.description}</p>}
            {response.schema != null && <JsonSample sample={response.schema} />}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
