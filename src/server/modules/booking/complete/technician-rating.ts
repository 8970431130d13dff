// Issue 37 item 3: a technician's rating as their customers' reviews give it (repairer_reviews,
// kept with the completion: completion.service.ts), for the appointment page of whoever booked
// them. A statement fragment, so the appointment's one-statement read (appointment-read.repo.ts)
// keeps its one statement. The public reviews (issue 37 item 2) export their own
// technicianRating(repairerId) → { average, count, hidden } from this module: when both are in, the
// team's hidden reviews leave this average too, and the two become one.

/** JSON { average: the mean to one decimal or null, count } of the reviews of the repairer whose id is the SQL expression `repairerId`. */
export const technicianRatingSql = (repairerId: string) => `(SELECT json_build_object('average', round(avg(rv.rating), 1)::float8, 'count', count(*)::int)
    FROM repairer_reviews rv WHERE rv.repairer_id = ${repairerId})`;
