// What other features may use of this one; everything else in the folder is its own.
export { AccountSection, SaveRow } from './components/account-section';
export { describeDevice } from './describe-device';
