import { describe, expect, test } from 'vitest';
import { queueShortcutOf, stepSelection } from './queue-shortcuts.ts';

type Press = Parameters<typeof queueShortcutOf>[0];

function press(key: string, target: EventTarget | null = document.body, more: Partial<Press> = {}) {
  return queueShortcutOf({
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    isComposing: false,
    target,
    ...more,
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  inside: HTMLElement = document.body,
) {
  const made = document.createElement(tag);
  inside.append(made);
  return made;
}

describe('the queue’s keys', () => {
  test.each([
    ['j', 'next'],
    ['ArrowDown', 'next'],
    ['k', 'previous'],
    ['ArrowUp', 'previous'],
    ['Enter', 'open'],
    ['o', 'open'],
    ['a', 'assign'],
    ['/', 'search'],
    ['?', 'help'],
    ['x', null],
    ['J', null],
  ])('%s on the page is %s', (key, shortcut) => {
    expect(press(key)).toBe(shortcut);
  });

  test('none fires with Control, Alt or Meta held, while composing, or Shift on a letter', () => {
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey', 'isComposing'] as const) {
      expect(press('j', document.body, { [modifier]: true }), modifier).toBeNull();
      expect(press('?', document.body, { [modifier]: true }), modifier).toBeNull();
    }
    expect(press('ArrowDown', document.body, { shiftKey: true })).toBeNull();
    // Shift is how "?" is typed.
    expect(press('?', document.body, { shiftKey: true })).toBe('help');
  });

  test('none fires while typing in a field, a text area, a select or an editable element', () => {
    const editable = element('div');
    editable.contentEditable = 'true';
    // jsdom leaves isContentEditable out.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    const search = element('input');
    search.type = 'search';
    for (const target of [search, element('textarea'), element('select'), editable]) {
      for (const key of ['j', 'k', 'a', 'o', '/', '?', 'Enter', 'ArrowDown']) {
        expect(press(key, target), `${key} in ${target.tagName}`).toBeNull();
      }
    }
  });

  test('a checkbox takes no text: the letters still work there, the arrows do not', () => {
    const box = element('input');
    box.type = 'checkbox';
    expect(press('j', box)).toBe('next');
    expect(press('a', box)).toBe('assign');
    expect(press('ArrowDown', box)).toBeNull();
  });

  test('an open dialog keeps its keys', () => {
    const dialog = element('div');
    dialog.setAttribute('role', 'dialog');
    expect(press('j', element('button', dialog))).toBeNull();
    expect(press('?', dialog)).toBeNull();
  });

  test('the arrows belong to tabs and other controls; on a row they move the selection', () => {
    const tablist = element('div');
    tablist.setAttribute('role', 'tablist');
    expect(press('ArrowDown', element('button', tablist))).toBeNull();
    expect(press('j', element('button', tablist))).toBe('next');

    const row = element('tr', element('tbody', element('table')));
    row.dataset.queueRow = '12';
    const link = element('a', element('td', row));
    link.href = '/office/items/12';
    expect(press('ArrowDown', link)).toBe('next');
    expect(press('ArrowUp', link)).toBe('previous');
    // Enter on the row's link is the link's own: it opens the workspace by itself.
    expect(press('Enter', link)).toBeNull();
    expect(press('o', link)).toBe('open');
    expect(press('Enter', element('button'))).toBeNull();
  });
});

describe('moving the selection', () => {
  const ids = [31, 32, 33];

  test('starts at the first row going down and at the last going up', () => {
    expect(stepSelection(ids, null, 1)).toBe(31);
    expect(stepSelection(ids, null, -1)).toBe(33);
    // A row that left the queue meanwhile counts as none.
    expect(stepSelection(ids, 99, 1)).toBe(31);
  });

  test('moves one row and stops at either end', () => {
    expect(stepSelection(ids, 31, 1)).toBe(32);
    expect(stepSelection(ids, 32, -1)).toBe(31);
    expect(stepSelection(ids, 33, 1)).toBe(33);
    expect(stepSelection(ids, 31, -1)).toBe(31);
    expect(stepSelection([], null, 1)).toBeNull();
  });
});
