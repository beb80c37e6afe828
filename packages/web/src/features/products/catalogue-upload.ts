import { CATALOGUE_IMAGE_COLLECTION, type CatalogueImage } from '@almoner/contracts';
import { uploadPhoto } from '../timeline/api.ts';

/**
 * Uploads one image into the catalogue's media collection through an area's upload routes
 * (`/jpanel/products/cdn` for variants, `/jpanel/product_categories/cdn` for categories).
 */
export async function uploadCatalogueImage(file: File, prefix: string): Promise<CatalogueImage> {
  // The shared sign → PUT → done flow; the done route answers the catalogue image.
  return (await uploadPhoto(file, { prefix, collection: CATALOGUE_IMAGE_COLLECTION })) as unknown as CatalogueImage;
}
