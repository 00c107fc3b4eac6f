// A small markdown-to-HTML converter for descriptions inside generated artifacts (command and API
// descriptions are short markdown). Runs at build time so pages ship HTML, not a parser.
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text) {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => {
      const external = /^https?:/.test(href);
      return `<a href="${href}"${external ? ' target="_blank" rel="noreferrer noopener"' : ''}>${label}</a>`;
    });
}

/** Paragraphs, bullet lists, fenced code, inline code, bold and links. */
export function markdownToHtml(markdown = '') {
  const blocks = markdown.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return blocks
    .map((block) => {
      const fence = block.match(/^```(\w*)\n([\s\S]*?)\n?```$/);
      if (fence) return `<pre><code class="language-${fence[1] || 'text'}">${escapeHtml(fence[2])}</code></pre>`;
      const lines = block.split('\n');
      if (lines.every((line) => /^\s*[-*] /.test(line))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.replace(/^\s*[-*] /, ''))}</li>`).join('')}</ul>`;
      }
      return block.trim() ? `<p>${inline(block.trim())}</p>` : '';
    })
    .join('\n');
}
