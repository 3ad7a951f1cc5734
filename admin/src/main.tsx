import { render } from 'preact';
import { App } from './app.js';
import { installLeaveGuard } from './guard.js';
import './styles/app.css';

installLeaveGuard();
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
