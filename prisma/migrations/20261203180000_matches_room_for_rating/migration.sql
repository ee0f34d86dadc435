-- Room in each page of matches for the period closer's rewrite (issue 23, "each row written once"). The
-- closer sets rating_period_id on every match of the periods it closes in one transaction, so a page of
-- ranked matches needs free space for a new version of each of its rows at once (their old versions are not
-- dead until it commits). With a fifth of each page free (fillfactor 80, matches_written_once) 5% of those
-- updates were HOT in the throughput bench's ranked row: the rest left a dead row for vacuum and a new entry
-- in every index of matches. A row also grows by about a fifth between its insert and its store (the start,
-- the finish, the versions), so half a page free is not quite enough (75% HOT); with 60% free every one of
-- them is HOT, its old version pruned in the page. The heap of matches is about 1.8x its size after a
-- VACUUM FULL (~290 B a match); pages written before keep their layout until they are rewritten.
ALTER TABLE "matches" SET (fillfactor = 40);
