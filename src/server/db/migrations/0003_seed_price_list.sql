-- D12: the price list starts as defaultPriceList (src/shared/price-list.ts), 2026 UK prices for
-- mobile smart repair, so every new assessment can be drafted from the first start. Admins edit
-- it through PUT /api/admin/price-list; a test checks these rows equal defaultPriceList.
INSERT INTO "price_list_entries" ("damage_type", "location_band", "labor_pence", "parts_pence", "materials_pence", "hours", "labour_wording", "parts_wording", "materials_wording") VALUES
  ('scratch', 1, 7500, 0, 2000, 2.5, 'Scratch repair: flat, fill, colour-match and blend', 'Parts', 'Paint, lacquer and consumables'),
  ('scratch', 2, 6600, 0, 1800, 2.25, 'Scratch repair: flat, fill, colour-match and blend', 'Parts', 'Paint, lacquer and consumables'),
  ('scratch', 3, 5800, 0, 1600, 2, 'Scratch repair: flat, fill, colour-match and blend', 'Parts', 'Paint, lacquer and consumables'),
  ('scuff', 1, 6800, 0, 1800, 2, 'Scuff repair: key, fill, refinish and blend', 'Parts', 'Filler, paint, lacquer and consumables'),
  ('scuff', 2, 6000, 0, 1600, 1.75, 'Scuff repair: key, fill, refinish and blend', 'Parts', 'Filler, paint, lacquer and consumables'),
  ('scuff', 3, 5300, 0, 1400, 1.5, 'Scuff repair: key, fill, refinish and blend', 'Parts', 'Filler, paint, lacquer and consumables'),
  ('dent', 1, 7500, 0, 500, 1.5, 'Paintless dent removal', 'Parts', 'Glue tabs and consumables'),
  ('dent', 2, 6600, 0, 500, 1.25, 'Paintless dent removal', 'Parts', 'Glue tabs and consumables'),
  ('dent', 3, 5800, 0, 400, 1.25, 'Paintless dent removal', 'Parts', 'Glue tabs and consumables'),
  ('paint_damage', 1, 4500, 0, 1500, 1, 'Paint touch-up: clean, fill chips and level', 'Parts', 'Colour-matched paint, lacquer and consumables'),
  ('paint_damage', 2, 4000, 0, 1300, 1, 'Paint touch-up: clean, fill chips and level', 'Parts', 'Colour-matched paint, lacquer and consumables'),
  ('paint_damage', 3, 3500, 0, 1200, 0.75, 'Paint touch-up: clean, fill chips and level', 'Parts', 'Colour-matched paint, lacquer and consumables'),
  ('alloy_wheel', 1, 4500, 0, 1200, 1.5, 'Alloy wheel repair: strip, fill, prime, paint and lacquer', 'Parts', 'Filler, wheel paint, lacquer and consumables'),
  ('alloy_wheel', 2, 4000, 0, 1000, 1.5, 'Alloy wheel repair: strip, fill, prime, paint and lacquer', 'Parts', 'Filler, wheel paint, lacquer and consumables'),
  ('alloy_wheel', 3, 3500, 0, 900, 1.25, 'Alloy wheel repair: strip, fill, prime, paint and lacquer', 'Parts', 'Filler, wheel paint, lacquer and consumables')
ON CONFLICT DO NOTHING;
