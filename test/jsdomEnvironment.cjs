/**
 * The app suites' test environment: jest-fixed-jsdom (fetch and friends for msw) with jsdom's
 * computed styles made cheap. Testing Library asks `getComputedStyle` of every element a `*ByRole`
 * query looks at and of each of its ancestors, and that was the largest single cost of the suites:
 * - jsdom matches every rule of every style sheet (hundreds of Emotion rules) against the element;
 *   here the rules are indexed by the class or element name their selector's last part requires, so
 *   an element is matched only against the rules of its own classes and name and the few without
 *   either, in the same order, which
 *   gives the same cascade (`JSDOM_STYLE_INDEX_CHECK=1` computes both ways and fails on a difference);
 * - jsdom builds a fresh declaration for each call (every property parsed again); here one is kept
 *   per element for as long as jsdom's own style cache lives. jsdom drops that cache on every change
 *   that can alter a computed style (an attribute, a child, a text, a style sheet), and the memo
 *   starts afresh with it, so a read after a change is never stale.
 * Both hook jsdom's internals (jsdom 26), so the style-rules module is patched before the
 * environment loads jsdom's window.
 */
'use strict';
const path = require('node:path');

const jsdomDir = path.dirname(require.resolve('jsdom/package.json'));
const fromJsdom = (name) => require(require.resolve(name, { paths: [jsdomDir] }));
const styleRules = require('jsdom/lib/jsdom/living/helpers/style-rules.js');
const { matchesDontThrow } = require('jsdom/lib/jsdom/living/helpers/selectors.js');
const defaultStyleSheetText = require('jsdom/lib/jsdom/browser/default-stylesheet.js');
const cssom = fromJsdom('rrweb-cssom');
const { CSSStyleDeclaration } = fromJsdom('cssstyle');

const { forEach, indexOf } = Array.prototype;
const checkIndex = process.env.JSDOM_STYLE_INDEX_CHECK === '1';
let defaultSheet;

/**
 * What an element must have for the selector to match it, from the selector's last compound part:
 * `.class` for a class it requires, `tag` for an element name, or null when neither can be told
 * (a universal or attribute-only part, an escape, a namespace), and the rule is tried on every element.
 */
function keyOf(selector) {
  let depth = 0;
  let compound = '';
  for (const char of selector) {
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth > 0) continue;
    else if (char === ' ' || char === '>' || char === '+' || char === '~') compound = '';
    else compound += char;
  }
  if (compound.includes('\\') || compound.includes('|')) return null;
  const className = /\.(-?[_a-zA-Z][\w-]*)/.exec(compound);
  if (className) return `.${className[1]}`;
  const tag = /^[a-zA-Z][\w-]*/.exec(compound);
  return tag ? tag[0].toLowerCase() : null;
}

/** A selector list split at its top-level commas. */
function alternatives(selectorText) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorText.length; i += 1) {
    const char = selectorText[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(selectorText.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selectorText.slice(start).trim());
  return parts;
}

const sheetIndexes = new WeakMap();

/** The sheet's style rules in order (those of `screen` media rules in place, as jsdom takes them), by key (keyOf). */
function sheetIndex(sheet) {
  const known = sheetIndexes.get(sheet);
  if (known && known.length === sheet.cssRules.length) return known;
  const index = { length: sheet.cssRules.length, always: [], byKey: new Map() };
  let order = 0;
  const add = (rule) => {
    if (typeof rule.selectorText !== 'string') return;
    const entry = { rule, order: (order += 1) };
    const keys = alternatives(rule.selectorText).map(keyOf);
    if (keys.includes(null)) {
      index.always.push(entry);
      return;
    }
    for (const key of new Set(keys)) {
      const list = index.byKey.get(key);
      if (list) list.push(entry);
      else index.byKey.set(key, [entry]);
    }
  };
  forEach.call(sheet.cssRules, (rule) => {
    if (!rule.media) add(rule);
    else if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, add);
  });
  sheetIndexes.set(sheet, index);
  return index;
}

function styleSheetsOf(elementImpl) {
  defaultSheet ??= cssom.parse(defaultStyleSheetText);
  return [defaultSheet, ...elementImpl._ownerDocument.styleSheets._list];
}

/** The style rules that match the element, in cascade order, through the indexes. */
function matchingRules(elementImpl) {
  const keys = (elementImpl.getAttributeNS(null, 'class') ?? '').split(/\s+/).filter(Boolean).map((name) => `.${name}`);
  keys.push(elementImpl.localName.toLowerCase());
  const rules = [];
  for (const sheet of styleSheetsOf(elementImpl)) {
    const index = sheetIndex(sheet);
    const candidates = new Set(index.always);
    for (const key of keys) for (const entry of index.byKey.get(key) ?? []) candidates.add(entry);
    const ordered = [...candidates].sort((a, b) => a.order - b.order);
    for (const { rule } of ordered) if (matchesDontThrow(elementImpl, rule.selectorText)) rules.push(rule);
  }
  return rules;
}

/** jsdom's own way: every rule of every sheet (for JSDOM_STYLE_INDEX_CHECK). */
function matchingRulesNaively(elementImpl) {
  const rules = [];
  const take = (rule) => {
    if (typeof rule.selectorText === 'string' && matchesDontThrow(elementImpl, rule.selectorText)) rules.push(rule);
  };
  for (const sheet of styleSheetsOf(elementImpl)) {
    forEach.call(sheet.cssRules, (rule) => {
      if (!rule.media) take(rule);
      else if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, take);
    });
  }
  return rules;
}

/** The cascaded declaration of these rules and the element's style attribute, as jsdom makes it. */
function declarationOf(elementImpl, rules) {
  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style, property) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  for (const rule of rules) forEach.call(rule.style, (property) => handleProperty(rule.style, property));
  forEach.call(elementImpl.style, (property) => handleProperty(elementImpl.style, property));
  return declaration;
}

styleRules.getDeclarationForElement = function getDeclarationForElement(elementImpl) {
  const document = elementImpl._ownerDocument;
  document._styleCache ??= new WeakMap();
  const cached = document._styleCache.get(elementImpl);
  if (cached) return cached;
  const declaration = declarationOf(elementImpl, matchingRules(elementImpl));
  if (checkIndex) {
    const naive = declarationOf(elementImpl, matchingRulesNaively(elementImpl)).cssText;
    if (naive !== declaration.cssText) {
      throw new Error(`Indexed style rules differ for <${elementImpl.localName} class="${elementImpl.getAttributeNS(null, 'class')}">:\n${declaration.cssText}\n${naive}`);
    }
  }
  document._styleCache.set(elementImpl, declaration);
  return declaration;
};

// Loaded after the patch, so that jsdom's window takes the indexed getDeclarationForElement.
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');
const { implForWrapper } = require('jsdom/lib/jsdom/living/generated/utils.js');

class AppTestEnvironment extends FixedJSDOMEnvironment {
  constructor(...args) {
    super(...args);
    const window = this.dom.window;
    const computeStyle = window.getComputedStyle;
    let jsdomCache = null;
    let memo = new WeakMap();
    window.getComputedStyle = function getComputedStyle(element, pseudoElement) {
      const impl = implForWrapper(element);
      const document = impl?._ownerDocument;
      if ((pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') || !document) {
        return computeStyle.call(window, element, pseudoElement);
      }
      if (!document._styleCache || document._styleCache !== jsdomCache) memo = new WeakMap();
      let style = memo.get(impl);
      if (style === undefined) {
        style = computeStyle.call(window, element);
        jsdomCache = document._styleCache;
        memo.set(impl, style);
      }
      return style;
    };
  }
}

module.exports = AppTestEnvironment;
