const { SourceMapConsumer } = require('source-map');
const fs = require('fs');
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8').split('\n');
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
const sizes = {};
let last = null, lastLine = -1, lastCol = 0;
map.eachMapping((m) => {
  if (last !== null && lastLine === m.generatedLine) sizes[last] = (sizes[last] || 0) + (m.generatedColumn - lastCol);
  last = m.source; lastLine = m.generatedLine; lastCol = m.generatedColumn;
});
const rows = Object.entries(sizes).map(([s, n]) => [s.replace('webpack://language-academy-web/', ''), n]).sort((a, b) => b[1] - a[1]);
const byPrefix = {};
for (const [s, n] of rows) { const k = s.startsWith('./node_modules/') ? s.split('/').slice(0, s.includes('/@') ? 4 : 3).join('/') : s; byPrefix[k] = (byPrefix[k] || 0) + n; }
console.log(Object.entries(byPrefix).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, n]) => `${(n / 1024).toFixed(1)}K ${k}`).join('\n'));
