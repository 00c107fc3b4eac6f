/**
 * Image transformations as storage-api v0.46.4 asks imgproxy for them (renderer/image.ts) and as
 * the original CLI's imgproxy v3.8 carries them out, done here with sharp: the options a request
 * may give (width, height, resize, quality, format, checked as storage-api's query schema checks
 * them), the segments it names them by (X-Transformations, and the `transformations` claim of a
 * signed URL), sizes clamped to 1..2000, and the output format: the source's, or AVIF when
 * asked. storage-api passes the client's Accept on unless `format=origin`, but the CLI's imgproxy
 * runs with its defaults (only IMGPROXY_BIND, _LOCAL_FILESYSTEM_ROOT and _USE_ETAG set), so WebP
 * and AVIF detection are off and Accept changes nothing. As imgproxy's defaults also say, an image
 * is never enlarged, EXIF orientation is applied, quality is 80 (50 for AVIF), and a source over
 * 16.8 megapixels is refused. sharp (libvips) is loaded at the first
 * transformation, not with the gateway: most stacks never transform an image.
 */
import type sharp from 'sharp';
import { backendError } from './storage-error.js';
import { badRequest } from './storage-request.js';

export type ResizeMode = 'cover' | 'contain' | 'fill';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode | string;
  format?: 'origin' | 'avif' | string;
  quality?: number;
}

/** storage-api's IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE / _MAX_SIZE defaults. */
const SIZE = { min: 1, max: 2000 };
/** imgproxy's default IMGPROXY_QUALITY, and its IMGPROXY_FORMAT_QUALITY default for AVIF. */
const DEFAULT_QUALITY = 80;
const DEFAULT_AVIF_QUALITY = 50;
/** imgproxy's default IMGPROXY_MAX_SRC_RESOLUTION: 16.8 megapixels. */
const MAX_SOURCE_PIXELS = 16_800_000;

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);

function integerParameter(query: Record<string, string | undefined>, name: string, minimum: number, maximum?: number): number | undefined {
  const text = query[name];
  if (text === undefined) return undefined;
  // fastify's ajv coerces the query string to the schema's integer before checking its bounds.
  if (!/^-?\d+$/.test(text.trim())) throw badRequest(`querystring/${name} must be integer`);
  const value = Number(text);
  if (value < minimum) throw badRequest(`querystring/${name} must be >= ${minimum}`);
  if (maximum !== undefined && value > maximum) throw badRequest(`querystring/${name} must be <= ${maximum}`);
  return value;
}

function enumParameter(query: Record<string, string | undefined>, name: string, allowed: readonly string[]): string | undefined {
  const value = query[name];
  if (value !== undefined && !allowed.includes(value)) throw badRequest(`querystring/${name} must be equal to one of the allowed values`);
  return value;
}

/** The transformation a render URL's query asks for, refused as storage-api's schema refuses it. */
export function transformOptionsFromQuery(query: Record<string, string | undefined>): TransformOptions {
  return {
    height: integerParameter(query, 'height', 0),
    width: integerParameter(query, 'width', 0),
    resize: enumParameter(query, 'resize', ['cover', 'contain', 'fill']),
    format: enumParameter(query, 'format', ['origin', 'avif']),
    quality: integerParameter(query, 'quality', 20, 100),
  };
}

/** The `transform` member of a signing request, checked as storage-api's body schema checks it. */
export function transformOptionsFromBody(transform: unknown): TransformOptions {
  if (transform === undefined) return {};
  if (typeof transform !== 'object' || transform === null || Array.isArray(transform)) throw badRequest('body/transform must be object');
  const given = transform as Record<string, unknown>;
  const query: Record<string, string | undefined> = {};
  for (const name of ['height', 'width', 'resize', 'format', 'quality']) {
    const value = given[name];
    if (value === undefined) continue;
    if (typeof value === 'object') throw badRequest(`body/transform/${name} must be ${name === 'resize' || name === 'format' ? 'string' : 'integer'}`);
    query[name] = String(value);
  }
  try {
    return transformOptionsFromQuery(query);
  } catch (error) {
    // The same checks, named as the body's members.
    throw badRequest((error as Error).message.replace(/^querystring\//, 'body/transform/'));
  }
}

/**
 * The segments naming a transformation (storage-api's applyTransformation): the sizes clamped,
 * the resize mode as imgproxy calls it, or, with `keepOriginal` (a signed URL's claim), as given,
 * even when not given (`resize:undefined`, which storage-api writes too).
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height, SIZE.min, SIZE.max)}`);
  if (options.width) segments.push(`width:${clamp(options.width, SIZE.min, SIZE.max)}`);
  if (options.width || options.height) {
    segments.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${imgproxyResizeType(options.resize)}`);
  }
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  return segments;
}

/** A signed URL's `transformations` claim read back (storage-api's setTransformationsFromString). */
export function transformOptionsFromString(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const segment of text.split(',')) {
    const [name, value = ''] = segment.split(':');
    if (name === 'height' || name === 'width' || name === 'quality') options[name] = Number.parseInt(value, 10);
    else if (name === 'resize' || name === 'format') options[name] = value;
  }
  return options;
}

/** storage-api's names for imgproxy's resizing types: cover is fill, contain is fit, fill is force. */
function imgproxyResizeType(resize: TransformOptions['resize']): 'fill' | 'fit' | 'force' {
  if (resize === 'contain') return 'fit';
  if (resize === 'fill') return 'force';
  return 'fill';
}

/** sharp's fit for imgproxy's resizing type: fill crops to the box, fit stays inside it, force stretches. */
const SHARP_FIT = { fill: 'cover', fit: 'inside', force: 'fill' } as const;

export interface TransformedImage {
  body: Buffer;
  mimetype: string;
}

/** The output format: AVIF when asked, else the source's (imgproxy without format detection). */
function outputFormat(options: TransformOptions, source: string): keyof sharp.FormatEnum {
  if (options.format === 'avif') return 'avif';
  // Formats sharp reads but cannot write (an SVG, say) come out as PNG, as imgproxy rasterizes them.
  return (['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const).find((format) => format === source) ?? (source === 'heif' ? 'avif' : 'png');
}

/**
 * Transforms the image in `file`: imgproxy's 422 for a source it cannot read or too large a
 * source, with the public message it answers either way, which storage-api passes on as an
 * ImageProcessingError.
 */
export async function transformImage(file: string, options: TransformOptions): Promise<TransformedImage> {
  const { default: sharp } = await import('sharp');
  let source: sharp.Metadata;
  try {
    source = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw backendError('ImageProcessingError', 422, 'Invalid source image');
  }
  if ((source.width ?? 0) * (source.height ?? 0) > MAX_SOURCE_PIXELS) throw backendError('ImageProcessingError', 422, 'Invalid source image');
  const format = outputFormat(options, source.format ?? '');
  // EXIF orientation applied first, as imgproxy's auto-rotation does.
  let image = sharp(file, { animated: false }).rotate();
  if (options.width || options.height) {
    image = image.resize({
      width: options.width ? clamp(options.width, SIZE.min, SIZE.max) : undefined,
      height: options.height ? clamp(options.height, SIZE.min, SIZE.max) : undefined,
      fit: SHARP_FIT[imgproxyResizeType(options.resize)],
      withoutEnlargement: true,
    });
  }
  const quality = options.quality ?? (format === 'avif' ? DEFAULT_AVIF_QUALITY : DEFAULT_QUALITY);
  image = format === 'png' || format === 'gif' ? image.toFormat(format) : image.toFormat(format, { quality });
  try {
    return { body: await image.toBuffer(), mimetype: `image/${format}` };
  } catch {
    throw backendError('ImageProcessingError', 422, 'Invalid source image');
  }
}
