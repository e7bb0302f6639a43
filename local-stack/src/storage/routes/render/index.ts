// The image transformation routes (storage-api's http/routes/render), registered only when
// `[storage.image_transformation] enabled` (otherwise their paths fall to the 404 of unknown routes).
import type { StorageService } from '../../service.ts';
import renderAuthenticatedImage from './renderAuthenticatedImage.ts';
import renderPublicImage from './renderPublicImage.ts';
import renderSignedImage from './renderSignedImage.ts';

export default function renderRoutes(s: StorageService): void {
  if (!s.ctx.config.storage.imageTransformation) return;
  renderAuthenticatedImage(s);
  renderSignedImage(s);
  renderPublicImage(s);
}
