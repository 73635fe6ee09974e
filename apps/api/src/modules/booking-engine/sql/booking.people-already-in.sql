-- booking.people-already-in: the text the code sends, written by booking-statements.spec.ts; do not edit.
SELECT email, user_tax_id FROM registrations WHERE session_id = $1 AND state IN (0, 2) AND (email = ANY($2) OR user_tax_id = ANY($3))
