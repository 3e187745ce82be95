// The image library in the database, for many instances on one PostgreSQL (SQLite installs keep
// their pictures on disk and leave these tables empty). `images` is one picture of the library by
// its URL; `image_variants` holds the bytes served for it: one variant, 'full', today, and room for
// resized ones (srcset) later without another table.
import { type Kysely, PostgresAdapter } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    // The library URL itself (`/images/uploads/<id>.webp`): what items and the API name it by.
    .addColumn('url', 'text', (col) => col.primaryKey())
    .addColumn('folder', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // What was uploaded, before re-encoding; unknown (null) for a picture that came from disk.
    .addColumn('original_format', 'text')
    .addColumn('original_bytes', 'integer')
    .addColumn('original_width', 'integer')
    .addColumn('original_height', 'integer')
    .execute();
  await db.schema.createIndex('images_created').on('images').columns(['created_at', 'url']).execute();

  await db.schema
    .createTable('image_variants')
    .addColumn('image_url', 'text', (col) => col.notNull().references('images.url').onDelete('cascade'))
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    // A strong ETag made from the bytes: the same on every instance, so any of them can answer 304.
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('image_variants_pk', ['image_url', 'variant'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_variants').execute();
  await db.schema.dropTable('images').execute();
}
