"""Accessibility for every page: one small widget (`PageHelper`) that each
notebook shows once, in Voila and in the static site alike.

ipywidgets draws its widgets itself, so some things only the page can do. The
helper's script (run by anywidget, which plotly's FigureWidget already needs)
watches the page and:

- makes the decision prompt (class ``archwk-prompt``) and other messages
  (``archwk-live``, the tutorial's verdict) live regions (``role="status"``),
  and the explorer's announcer (``archwk-announce``) a
  ``role="log"``, so a screen reader hears a new prompt and what the last
  moves did;
- moves focus to the prompt as soon as a choice button is pressed, so that
  focus never stays on a button that is relabelled with the next decision's
  choice (a second Enter would play that);
- names each plotly figure (``role="figure"`` and a short ``aria-label``; the
  board's words are in `widgets.architects.board_text`) and hides its drawing from
  screen readers, labels the figures' tool buttons;
- gives a name to controls that lack one (a slider's handle, a select without
  description) from the label drawn beside them;
- marks the notebook's content as the page's ``main`` landmark and its
  language as English;
- adds focus rings (2 px, dark blue: 3:1 or more on white and on the board),
  underlines links in text, darkens the tabs' and accordions' labels (4.5:1 on
  their grey), and hides visually what is meant for screen readers only (class
  ``archwk-sr-only``).

The page titles come from the notebooks' metadata (notebooks/build.py).

>>> PageHelper().layout.display
'none'
"""
from __future__ import annotations

import anywidget
import ipywidgets

#: the focus ring: 2 px, #1a4f8b is 8.7:1 on white and 7.7:1 on the board's #f7f1e3
FOCUS_COLOUR = "#1a4f8b"

_CSS = f"""
:focus-visible, .jupyter-widgets button:focus-visible, .jupyter-widgets select:focus-visible,
.jupyter-widgets input:focus-visible, .jupyter-widgets textarea:focus-visible, .lm-TabBar-tab:focus-visible,
.noUi-handle:focus-visible, .archwk-prompt:focus-visible {{
  outline: 2px solid {FOCUS_COLOUR} !important; outline-offset: 1px; }}
.jp-RenderedHTMLCommon a, .jp-RenderedHTMLCommon a:link, .widget-html a, .widget-htmlmath a {{
  text-decoration: underline !important; }}
.jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab, .jupyter-widgets.widget-tab .lm-TabBar-tabLabel,
.jupyter-widget-Collapse-header, .jupyter-widget-Collapse-header span {{ color: #3d3d3d !important; }}
.archwk-sr-only, .archwk-announce {{ position: absolute !important; width: 1px; height: 1px; padding: 0;
  margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }}
"""

_ESM = """
const LABEL_OF = (el) => {
  const w = el.closest('.widget-inline-hbox, .widget-box, .jupyter-widgets');
  const label = w && w.querySelector(':scope > .widget-label, :scope > label');
  return label && label.textContent.trim();
};

function named(el) {
  if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.title) return true;
  if (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent.trim()) return true;
  return !!el.closest('label')?.textContent.trim();
}

function plotName(gd) {
  if (gd.closest('.archwk-board')) {
    return 'Game board (a drawing; the same in words: open "The board in words" beside it)';
  }
  const t = gd.layout && gd.layout.title && gd.layout.title.text;
  const text = t ? String(t).replace(/<[^>]+>/g, ' ').replace(/\\s+/g, ' ').trim() : '';
  return text ? `Chart: ${text}` : 'Chart';
}

function fix() {
  const doc = document;
  if (!doc.documentElement.lang) doc.documentElement.lang = 'en';
  if (!doc.querySelector('main, [role="main"]')) {
    const main = doc.querySelector('#rendered_cells') || doc.querySelector('.jp-Notebook, #main') ;
    if (main && main !== doc.body) main.setAttribute('role', 'main');
  }
  for (const el of doc.querySelectorAll('.archwk-prompt:not([data-archwk])')) {
    el.dataset.archwk = '1';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('aria-atomic', 'true');
    el.tabIndex = -1;
  }
  for (const el of doc.querySelectorAll('.archwk-live:not([data-archwk])')) {
    el.dataset.archwk = '1';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
  }
  for (const el of doc.querySelectorAll('.archwk-announce:not([data-archwk])')) {
    el.dataset.archwk = '1';
    el.setAttribute('role', 'log');
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('aria-label', 'What just happened');
  }
  for (const gd of doc.querySelectorAll('.js-plotly-plot')) {
    const name = plotName(gd);
    if (gd.getAttribute('aria-label') !== name) {
      gd.setAttribute('role', 'figure');
      gd.setAttribute('aria-label', name);
    }
  }
  for (const svg of doc.querySelectorAll('.js-plotly-plot svg.main-svg:not([aria-hidden])')) {
    svg.setAttribute('aria-hidden', 'true');
  }
  for (const a of doc.querySelectorAll('a.modebar-btn:not([aria-label])')) {
    a.setAttribute('aria-label', a.getAttribute('data-title') || 'chart tool');
    a.setAttribute('role', 'button');
  }
  for (const el of doc.querySelectorAll('[role="slider"], select, input, textarea')) {
    if (el.type === 'hidden' || el.type === 'file' || named(el)) continue;
    const name = LABEL_OF(el) || el.placeholder;
    if (name) el.setAttribute('aria-label', name);
  }
}

function install() {
  if (window.__archwkA11y) return;
  window.__archwkA11y = true;
  let queued = false;
  const run = () => { queued = false; try { fix(); } catch (e) { console.warn('archwk a11y', e); } };
  new MutationObserver(() => { if (!queued) { queued = true; requestAnimationFrame(run); } })
    .observe(document.body, { childList: true, subtree: true });
  // A choice is made: focus goes to its panel's prompt at once, which the next
  // decision's prompt replaces (a live region: it is read out).
  document.addEventListener('click', (e) => {
    const button = e.target.closest && e.target.closest('.archwk-decision button');
    if (!button || button.disabled) return;
    const prompt = button.closest('.archwk-decision').querySelector('.archwk-prompt');
    if (prompt) { prompt.tabIndex = -1; prompt.focus({ preventScroll: true }); }
  }, true);
  run();
}

export default {
  render({ model, el }) {
    el.classList.add('archwk-page-helper');
    install();
  },
};
"""


class PageHelper(anywidget.AnyWidget):
    """Show once per page (the notebooks do, in their first cell); see the
    module docstring for what it does. It draws nothing."""

    _esm = _ESM
    _css = _CSS

    def __init__(self, **kwargs):
        kwargs.setdefault("layout", ipywidgets.Layout(display="none"))
        super().__init__(**kwargs)


def strong_button():
    """The style of a button that stands out and still reads well: white on dark
    blue (8.7:1; ipywidgets' "info" style, white on cyan, reads at about 2:1)."""
    return ipywidgets.ButtonStyle(button_color=FOCUS_COLOUR, text_color="#ffffff", font_weight="bold")
