// SPDX-License-Identifier: Apache-2.0
//
// libedit's el_set/el_get/history take variadic arguments, which Swift cannot call. These
// fixed-signature wrappers expose the few operations TerminalUI uses.

#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <wchar.h>

typedef char *(*clibedit_prompt_fn)(EditLine *);
typedef int (*clibedit_getc_fn)(EditLine *, wchar_t *);
typedef unsigned char (*clibedit_command_fn)(EditLine *, int);

static inline int clibedit_set_prompt(EditLine *el, clibedit_prompt_fn fn) {
  return el_set(el, EL_PROMPT, fn);
}

static inline int clibedit_set_prompt_esc(EditLine *el, clibedit_prompt_fn fn, char esc) {
  return el_set(el, EL_PROMPT_ESC, fn, esc);
}

static inline int clibedit_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int clibedit_set_signal(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}

static inline int clibedit_set_getc(EditLine *el, clibedit_getc_fn fn) {
  return el_set(el, EL_GETCFN, fn);
}

static inline int clibedit_set_client_data(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *clibedit_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int clibedit_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

static inline int clibedit_add_function(
    EditLine *el, const char *name, const char *help, clibedit_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int clibedit_bind(EditLine *el, const char *key, const char *name) {
  return el_set(el, EL_BIND, key, name, NULL);
}

static inline int clibedit_refresh(EditLine *el) {
  return el_set(el, EL_REFRESH);
}

static inline int clibedit_history_set_size(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}

static inline int clibedit_history_set_unique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int clibedit_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}

static inline int clibedit_history_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}

static inline int clibedit_history_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}

static inline int clibedit_history_clear(History *h) {
  HistEvent ev;
  return history(h, &ev, H_CLEAR);
}

static inline int clibedit_history_save_fp(History *h, FILE *fp) {
  HistEvent ev;
  return history(h, &ev, H_SAVE_FP, fp);
}

#endif
