import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { likelyNextFirst, type OrderedLink } from '../../src/lib/likely-next-first';

/** A link as the order sees it: where it sits (`main`, `.sidebar` or the top bar) and whether it is the page being read. */
function link(name: string, place: 'main' | '.sidebar' | 'topbar', current = false): OrderedLink & { name: string } {
  return {
    name,
    closest: (selector: string) => (selector === place ? {} : null),
    getAttribute: (attribute: string) => (attribute === 'aria-current' && current ? 'page' : null),
  };
}

const names = (links: Array<{ name: string }>) => links.map(({ name }) => name);

describe('likelyNextFirst', () => {
  it('puts the article first, then the sidebar nearest the current page, then the rest in document order', () => {
    const order = likelyNextFirst([
      link('home', 'topbar'),
      link('guides', 'topbar'),
      link('s0', '.sidebar'),
      link('s1', '.sidebar'),
      link('s2', '.sidebar'),
      link('s3', '.sidebar', true),
      link('s4', '.sidebar'),
      link('s5', '.sidebar'),
      link('a0', 'main'),
      link('a1', 'main'),
    ]);
    assert.deepEqual(names(order), ['a0', 'a1', 's3', 's2', 's4', 's1', 's5', 's0', 'home', 'guides']);
  });

  it('keeps the sidebar in document order when it does not list the current page', () => {
    const order = likelyNextFirst([link('home', 'topbar'), link('s0', '.sidebar'), link('s1', '.sidebar'), link('a0', 'main')]);
    assert.deepEqual(names(order), ['a0', 's0', 's1', 'home']);
  });

  it('hands back every link once', () => {
    const links = [link('home', 'topbar'), link('s0', '.sidebar', true), link('a0', 'main')];
    assert.equal(new Set(likelyNextFirst(links)).size, links.length);
  });
});
