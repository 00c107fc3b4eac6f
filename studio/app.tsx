/**
 * The Studio's frame: a header naming the local project, the sections' navigation, and the
 * current section. Routing is the location hash, so the server serves one page and the back
 * button works.
 */
import { useEffect, useRef } from 'react';
import type { StudioConfig } from './config';
import { useHash } from './hash-route';
import { SECTIONS, sectionOf } from './sections';

export function App({ config }: { config: StudioConfig }) {
  // The same Section object for every hash of one section, so a change within it moves no focus.
  const section = sectionOf(useHash());
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    document.title = `${section.title} · ${config.projectId} · Studio`;
    // Focus moves to the new section's heading, so keyboard and screen reader users land in it.
    if (!first.current) heading.current?.focus();
    first.current = false;
  }, [section, config.projectId]);

  const Current = section.component;
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Supabase Studio</span>
        <span className="project" title="The local project">
          {config.projectId} <span className="badge">local</span>
        </span>
      </header>
      <div className="frame">
        <nav aria-label="Sections" className="sections">
          <ul>
            {SECTIONS.map((item) => (
              <li key={item.id}>
                <a href={`#/${item.id}`} aria-current={item.id === section.id ? 'page' : undefined}>
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" tabIndex={-1}>
          <h1 ref={heading} tabIndex={-1}>
            {section.title}
          </h1>
          <Current config={config} />
        </main>
      </div>
    </>
  );
}
