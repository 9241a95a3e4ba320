// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPicture } from '../../src/features/profile/services/image';

// A profile picture is scaled so its longest side is at most 256 px (the edge the server keeps) and stored
// as a WebP data URL, or JPEG where the browser cannot encode WebP (docs/product.md: profile picture).
// The browser's decoding and drawing are stood in for: createImageBitmap, the canvas context and its encoder.

interface Drawn {
  width: number;
  height: number;
}

let drawn: Drawn[];
let encoded: Array<[string, unknown]>;
let closed: number;
let encoder: (type: string) => string;
let context: { drawImage: (...args: unknown[]) => void } | null;

function bitmap(width: number, height: number) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close: () => (closed += 1) })),
  );
}

const file = (type = 'image/png') => new File(['x'], 'me.png', { type });

async function failureCode(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error as { code?: unknown }).code,
  );
}

beforeEach(() => {
  drawn = [];
  encoded = [];
  closed = 0;
  encoder = (type) => `data:${type};base64,AAAA`;
  context = {
    drawImage: (_image: unknown, x: unknown, y: unknown, width: unknown, height: unknown) => {
      expect([x, y]).toEqual([0, 0]);
      drawn.push({ width: width as number, height: height as number });
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function () {
    return context as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement, type?: string, quality?: unknown) {
    encoded.push([`${type} ${this.width}x${this.height}`, quality]);
    return encoder(type ?? '');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('readPicture', () => {
  it('scales a large picture down so its longer side is 256 px, and encodes WebP at 0.85', async () => {
    bitmap(1024, 512);
    await expect(readPicture(file())).resolves.toBe('data:image/webp;base64,AAAA');
    expect(drawn).toEqual([{ width: 256, height: 128 }]);
    expect(encoded).toEqual([['image/webp 256x128', 0.85]]);
    expect(closed).toBe(1);
  });

  it('scales a tall picture by its height and rounds the other side', async () => {
    bitmap(300, 301);
    await readPicture(file());
    expect(drawn).toEqual([{ width: 255, height: 256 }]);
  });

  it('keeps a small picture at its size', async () => {
    bitmap(100, 50);
    await readPicture(file());
    expect(drawn).toEqual([{ width: 100, height: 50 }]);
  });

  it('keeps at least one pixel on the short side of a thin picture', async () => {
    bitmap(2000, 1);
    await readPicture(file());
    bitmap(1, 2000);
    await readPicture(file());
    expect(drawn).toEqual([
      { width: 256, height: 1 },
      { width: 1, height: 256 },
    ]);
  });

  it('falls back to JPEG at 0.85 when the browser answers PNG for WebP', async () => {
    bitmap(10, 10);
    encoder = (type) => (type === 'image/webp' ? 'data:image/png;base64,BBBB' : `data:${type};base64,CCCC`);
    await expect(readPicture(file())).resolves.toBe('data:image/jpeg;base64,CCCC');
    expect(encoded).toEqual([
      ['image/webp 10x10', 0.85],
      ['image/jpeg 10x10', 0.85],
    ]);
  });

  it('refuses a file that is not an image without decoding it', async () => {
    bitmap(10, 10);
    expect(await failureCode(readPicture(file('text/plain')))).toBe('PICTURE_NOT_IMAGE');
    expect(await failureCode(readPicture(file('')))).toBe('PICTURE_NOT_IMAGE');
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('an image the browser cannot decode is unreadable, with the cause kept', async () => {
    const cause = new Error('decode failed');
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(cause)));
    const error: unknown = await readPicture(file()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PICTURE_UNREADABLE', cause });
  });

  it('is unreadable without a drawing context, and the decoded image is still released', async () => {
    bitmap(10, 10);
    context = null;
    const error: unknown = await readPicture(file()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PICTURE_UNREADABLE', cause: undefined });
    expect(closed).toBe(1);
    expect(encoded).toEqual([]);
  });

  it('is unreadable when the encoder gives no image data URL', async () => {
    bitmap(10, 10);
    encoder = () => 'data:,';
    expect(await failureCode(readPicture(file()))).toBe('PICTURE_UNREADABLE');
    expect(closed).toBe(1);
  });

  it('turns a failure while drawing into unreadable, keeping the cause', async () => {
    bitmap(10, 10);
    const cause = new Error('tainted');
    context = {
      drawImage: () => {
        throw cause;
      },
    };
    const error: unknown = await readPicture(file()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PICTURE_UNREADABLE', cause });
    expect(closed).toBe(1);
  });
});
