// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveJsonFile } from '../../src/features/settings/services/fileDownload';

// Download my data (docs/product.md) offers a JSON file: a temporary link to an object URL is
// clicked, taken away again, and the URL is revoked on the next turn (revoking at once can cancel it).

interface Clicked {
  href: string;
  download: string;
  rel: string;
  inDocument: boolean;
}

let created: Blob[];
let revoked: string[];
let clicked: Clicked[];

beforeEach(() => {
  vi.useFakeTimers();
  created = [];
  revoked = [];
  clicked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    created.push(blob as Blob);
    return 'blob:http://localhost/file-1';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, rel: this.rel, inDocument: document.body.contains(this) });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveJsonFile', () => {
  it('offers the data as indented JSON under the file name', async () => {
    saveJsonFile('mycelius-data.json', { user_profile: { username: 'ana' }, list: [1] });
    expect(created).toHaveLength(1);
    expect(created[0]!.type).toBe('application/json');
    expect(await created[0]!.text()).toBe('{\n  "user_profile": {\n    "username": "ana"\n  },\n  "list": [\n    1\n  ]\n}');
    expect(clicked).toEqual([{ href: 'blob:http://localhost/file-1', download: 'mycelius-data.json', rel: 'noopener', inDocument: true }]);
  });

  it('takes the link away after the click and revokes the URL only on the next turn', () => {
    saveJsonFile('data.json', {});
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(revoked).toEqual(['blob:http://localhost/file-1']);
  });
});
