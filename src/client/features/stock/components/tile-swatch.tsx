import { useState } from 'react';
import type { Product } from '@common/contracts/products';
import { cn } from '@client/lib/utils';
import { finishSheen, isLightColour, surfaceTexture, swatchColour, textureDataUrl, tileProportion } from '../lib/swatch';

/** Grout lines for the tile's format, scaled so a few tiles show across the swatch. */
function groutLayer(size: string | null, ink: string): { image: string; size: string } | null {
  const proportion = tileProportion(size);
  if (!proportion) return null;
  const longest = Math.max(proportion.width, proportion.height);
  // A 2-inch mosaic shows many tiles, a 48-inch slab barely one.
  const pxPerInch = Math.max(2.4, Math.min(9, 150 / longest));
  const w = Math.max(10, proportion.width * pxPerInch);
  const h = Math.max(10, proportion.height * pxPerInch);
  return {
    image: `linear-gradient(to right, ${ink} 1.5px, transparent 1.5px), linear-gradient(to bottom, ${ink} 1.5px, transparent 1.5px)`,
    size: `${w}px ${h}px, ${w}px ${h}px`,
  };
}

/**
 * The product's picture, or a swatch generated from its colour, finish, format and
 * the look of its line when there is none or it fails to load (docs/ui-rules.md: the catalog
 * never shows a broken image). Nothing is downloaded: it is all CSS.
 */
export function TileSwatch({ product, className }: { product: Product; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (product.imageUrl && !failed) {
    return (
      <img src={product.imageUrl} alt={product.name} loading="lazy" onError={() => setFailed(true)} className={cn('object-cover', className)} />
    );
  }
  const base = swatchColour(product.color);
  const light = isLightColour(base);
  const grout = groutLayer(product.size, light ? 'rgb(60 50 40 / 0.22)' : 'rgb(255 255 255 / 0.28)');
  const texture = surfaceTexture(product.collection, product.line);
  const textureImage = textureDataUrl(texture, product.id, light ? '#7a6e62' : '#f1ece4');
  const sheen = finishSheen(product.finish);
  return (
    <div
      role="img"
      aria-label={`${[product.color, product.finish].filter(Boolean).join(' ')} tile swatch`}
      className={cn('relative overflow-hidden', className)}
      style={{ backgroundColor: base }}
    >
      {textureImage && <div className="absolute inset-0 opacity-60" style={{ backgroundImage: textureImage, backgroundSize: '100% 100%' }} />}
      {grout && <div className="absolute inset-0" style={{ backgroundImage: grout.image, backgroundSize: grout.size }} />}
      <div
        className="absolute inset-0"
        style={{
          background:
            sheen > 0
              ? `linear-gradient(135deg, rgb(255 255 255 / ${sheen}) 0%, transparent 40%, rgb(255 255 255 / ${sheen / 3}) 68%, transparent 100%)`
              : 'radial-gradient(circle at 30% 20%, rgb(255 255 255 / 0.14), transparent 65%)',
        }}
      />
    </div>
  );
}
