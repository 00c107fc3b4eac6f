import React from 'react';
import Layout from '../components/layout/Layout';
import SiteHead from '../components/layout/SiteHead';
import Heading from '../components/mdx/Heading';
import Mermaid from '../components/mdx/Mermaid';
import type { MermaidProps } from '../components/mdx/Mermaid';
import type { LayoutContext } from '../lib/nav-types';

/** `diagram` is the drawing gatsby-node made of the machine's Mermaid text. */
interface Machine { name: string; description: string; events: Record<string, string>; diagram: Omit<MermaidProps, 'caption'> | null }
type Context = LayoutContext & { machines: { machines: Machine[] } };

/** For maintainers: each state machine of the CLI drawn from machines.json, with its events. */
export default function StateMachines({ pageContext }: { pageContext: Context }) {
  const { machines } = pageContext.machines;
  return (
    <Layout route={pageContext.route} nav={pageContext.nav}>
      <h1>State machines</h1>
      <p className="lead">
        The CLI's decisions live in pure state machines whose events are journaled. These diagrams are generated from the
        machine definitions (<code>supabase machines --format mermaid</code>), so they always match the code.
      </p>
      {machines.map((machine) => (
        <section key={machine.name}>
          <Heading tag="h2" customAnchor={machine.name}>{machine.name}</Heading>
          <p>{machine.description}</p>
          {machine.diagram && <Mermaid {...machine.diagram} wide caption={`The ${machine.name} machine`} />}
          <details>
            <summary>Events ({Object.keys(machine.events).length})</summary>
            <dl className="event-list">
              {Object.entries(machine.events).map(([type, description]) => (
                <div key={type}><dt><code>{type}</code></dt><dd>{description}</dd></div>
              ))}
            </dl>
          </details>
        </section>
      ))}
    </Layout>
  );
}

export function Head() {
  return <SiteHead title="State machines" description="Diagrams of the CLI's state machines, for maintainers" />;
}
