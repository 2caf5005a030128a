-- An approved enterprise's verified name is its registered company name (platform review now
-- records it on approval): cards are bound in the verified name, and a merchant's settlement card
-- is a business card in the company's name. Enterprises approved before this learn it here.
UPDATE members m SET real_name = v.form->'company'->>'name'
  FROM (SELECT DISTINCT ON (member_id) member_id, form FROM enterprise_verifications
         WHERE status = 'approved' ORDER BY member_id, decided_at DESC) v
 WHERE m.id = v.member_id AND m.member_type = 'enterprise' AND m.verification_status = 'verified' AND m.real_name IS NULL;
