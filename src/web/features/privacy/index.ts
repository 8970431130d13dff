// The privacy feature's public face (issue 14): the customer's "Your data" panel.
export { DataErased, YourDataPanel } from './your-data-panel';
