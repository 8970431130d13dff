-- SPEC section 9 (and D12) price a quote on labour and parts: total = labour + parts + fee + VAT,
-- and SPEC's client reads no other figure. A quote's parts are now the price list's parts and
-- materials together (docs/decisions/0005): quotes drafted before keep their totals, fee, VAT and
-- repairer payment, and move their materials into their parts. Their line items are unchanged
-- (they already added up to labour + parts + materials).
UPDATE quotes SET parts_pence = parts_pence + materials_pence, materials_pence = 0 WHERE materials_pence <> 0;
