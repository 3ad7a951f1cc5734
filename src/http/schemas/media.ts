import { Type } from '@sinclair/typebox';

const Size = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer(), filename: Type.String(), mimeType: Type.String(), filesize: Type.Integer() });

export const MediaSchema = Type.Object(
  {
    id: Type.String(),
    alt: Type.String(),
    filename: Type.String(),
    mimeType: Type.String(),
    filesize: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
    url: Type.String(),
    sizes: Type.Record(Type.String(), Size),
    owner: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Media' },
);

export const MediaUploadSchema = Type.Object({
  file: Type.Unsafe<unknown>({ type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', description: 'JPEG, PNG, WebP, GIF or AVIF; the type is read from the bytes.' }),
  alt: Type.Optional(Type.String()),
  _payload: Type.Optional(Type.String({ description: 'JSON such as {"alt":"…"}, as Payload clients send it.' })),
});

export const MediaPatchSchema = Type.Object({ alt: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]) }, { additionalProperties: false });

export const FileParams = Type.Object({ filename: Type.String() });
