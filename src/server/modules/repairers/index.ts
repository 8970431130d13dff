// The repairers module as the rest of the server, the scripts and the tests see it: the only file they
// import it through (eslint's house/server-module-boundary refuses any other way in; only a
// *-cli.ts entry point may be imported directly). Named exports only, each from its own file.

export { collectionStatus, countEligible, nextTargets, storeCollectedAddress, type CollectionTarget } from './collected-addresses.repo';
export { coveredSql, coveringSql } from './coverage.repo';
export { claimForIntroduction, existingRepairerIds, introductionCounts, introductionStanding, markUnsubscribed, repairerIs, repairersIn, setVerifiedWhereChanged, type Claimed } from './introductions.repo';
export { boundingBox, milesBetween, nearbyRepairers, type Point } from './nearby.repo';
export { networkFigureOf } from './network-figure';
export { networkPage, readNetworkPage } from './network-page.repo';
export { countRepairers, storePlaceListing, type PlaceListing, type StoreOutcome } from './place-listings.repo';
export { findBusinessByNameAndPostcode, findBusinessWithEmail, findRepairer, insertRepairer, lockRepairer, lockRepairerAddress, lockRepairerForRating, markAddressGivenAtSignUp, markStripeOnboarded, oneAddAtATime, readOwnProfile, repairerBusinessName, saveRepairerDetails, setRating, setStripeAccount, setVerified, toRepairerView, type OwnProfileRow, type RepairerRow } from './repairers.repo';
export { claimInsuranceWarning, insuranceEndingSoon, insuranceLapsed, lapseInsurance, missingChecks, recordCheck, vettedSql, type CheckRecord } from './vetting.repo';
export { repairerOfToken, unsubscribeHeaders, unsubscribeLine, unsubscribeLinks, unsubscribeToken, type UnsubscribeLinks } from './unsubscribe';
