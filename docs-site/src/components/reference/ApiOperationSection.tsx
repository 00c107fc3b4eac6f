import React from 'react';
import Heading from '../mdx/Heading';
import Tabs from '../mdx/Tabs';
import TabPanel from '../mdx/TabPanel';
import CodeBlock from '../mdx/CodeBlock';
import ParamTable from './ParamTable';
import type { ApiParameter } from './ParamTable';

export interface ApiOperation {
  id: string;
  summary: string;
  descriptionHtml: string;
  method: string;
  path: string;
  parameters: ApiParameter[];
  requestBody: unknown;
  responses: Array<{ status: string; description: string; schema: unknown }>;
}

const LOCATIONS: Array<[string, string]> = [['path', 'Path Parameters'], ['query', 'Query Parameters'], ['header', 'Header Parameters']];
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** One Management API operation: method and path, parameters, body, and responses per status. */
export default function ApiOperationSection({ operation }: { operation: ApiOperation }) {
  return (
    <section className="api-operation" data-operation={operation.id}>
      <Heading tag="h3" customAnchor={operation.id}>{operation.summary}</Heading>
      <p className="api-operation__route"><span className={`method method--${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code></p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} />
      {LOCATIONS.map(([location, title]) => (
        <ParamTable key={location} title={title} parameters={operation.parameters.filter((p) => p.in === location)} />
      ))}
      {operation.requestBody != null && (
        <details><summary>Request body</summary><CodeBlock className="language-json"><code>{pretty(operation.requestBody)}</code></CodeBlock></details>
      )}
      <h4 className="param-table__title">Responses</h4>
      <Tabs type="underlined" queryGroup="response-status">
        {operation.responses.map((response) => (
          <TabPanel key={response.status} id={response.status} label={response.status}>
            {response.description && <p>{response.description}</p>}
            {response.schema != null && <CodeBlock className="language-json"><code>{pretty(response.schema)}</code></CodeBlock>}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
