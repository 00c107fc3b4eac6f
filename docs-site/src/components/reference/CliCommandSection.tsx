import React from 'react';
import SiteLink from '../SiteLink';
import Heading from '../mdx/Heading';
import Tabs from '../mdx/Tabs';
import TabPanel from '../mdx/TabPanel';
import CodeBlock from '../mdx/CodeBlock';
import FlagList from './FlagList';
import type { SpecFlag } from './FlagList';

export interface SpecCommand {
  id: string;
  title: string;
  summary: string;
  descriptionHtml: string;
  usage?: string;
  subcommands: string[];
  flags: SpecFlag[];
  examples?: Array<{ id: string; name: string; code: string; response?: string; description?: string }>;
}

/** One command: `$ supabase db push`, its description, subcommands, flags and example tabs. */
export default function CliCommandSection({ command }: { command: SpecCommand }) {
  const examples = command.examples?.length ? command.examples : [{ id: 'basic-usage', name: 'Basic usage', code: command.usage ?? command.title }];
  return (
    <section className="cli-command" id={command.id}>
      <h1 className="cli-command__title"><code>$ {command.title}</code></h1>
      <div className="cli-command__grid">
        <div>
          <div className="prose" dangerouslySetInnerHTML={{ __html: command.descriptionHtml }} />
          {command.usage && <p className="cli-command__usage">Usage: <code>{command.usage}</code></p>}
          {command.subcommands.length > 0 && (
            <>
              <Heading tag="h2" customAnchor="available-commands">Available Commands</Heading>
              <ul>{command.subcommands.map((id) => <li key={id}><SiteLink to={`/reference/cli/${id}`}><code>$ {id.replace(/-/g, ' ')}</code></SiteLink></li>)}</ul>
            </>
          )}
          {command.flags.length > 0 && (
            <>
              <Heading tag="h2" customAnchor="flags">Flags</Heading>
              <FlagList flags={command.flags} />
            </>
          )}
        </div>
        <div className="cli-command__examples">
          <Tabs type="rounded-pills" queryGroup="example" defaultActiveId="basic-usage">
            {examples.map((example) => (
              <TabPanel key={example.id} id={example.id} label={example.name}>
                <CodeBlock className="language-bash"><code>{example.code}</code></CodeBlock>
                {example.response && <details><summary>Response</summary><CodeBlock><code>{example.response}</code></CodeBlock></details>}
                {example.description && <details><summary>Notes</summary><p>{example.description}</p></details>}
              </TabPanel>
            ))}
          </Tabs>
        </div>
      </div>
    </section>
  );
}
