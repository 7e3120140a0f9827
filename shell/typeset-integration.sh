# typeset's shell integration for interactive bash and zsh: `typeset FILE …` typed at the
# prompt runs the typesetter, while `typeset` stays the shell's builtin everywhere else.
#
# `typeset` is a builtin of bash, zsh and ksh (a synonym of `declare`), so the program is
# installed as `typesetter` too. Source this file from ~/.bashrc or ~/.zshrc:
#
#     . /usr/local/share/typeset/typeset-integration.sh
#
# How: when a line typed at the prompt is accepted, a line that begins with `typeset` and
# whose words cannot be the builtin's (a file name, a long option, a command of the program)
# is rewritten to begin with `typesetter`. Nothing is redefined: functions, sourced files,
# scripts, `bash -c` strings and every line that reads as the builtin (`typeset -i n=3`,
# `typeset -p n`, `typeset x=1`, `typeset -f`, `typeset -A m`, `typeset` alone) keep the
# builtin, in the scope they were written in, which no wrapper function could keep.
# Completion: `typeset <Tab>` completes the program's options and files (in zsh, source this
# file after `compinit`).

# Whether the words after `typeset` are a call of the program: its first word is one of its
# commands, a long option (the builtins have none but bash's --help), or standard input `-`;
# or a word is neither an option of the builtin (-x, +x) nor a variable's name. A word that
# assigns (`NAME=…`, `NAME[…]=…`) makes the line the builtin's, whatever else it holds. Only
# the first command of the line counts, without its redirections and comment.
__typeset_is_program_call() {
    local word skip=
    local -a arguments
    arguments=()
    for word in "$@"; do
        if [ -n "$skip" ]; then skip=; continue; fi
        case "$word" in
            '|' | '||' | '&&' | '&' | ';' | ';;' | '|&' | ')' | '#'*) break ;;
            '>' | '>>' | '<' | '<<' | '<<<' | '<>' | '>|' | '>&' | '&>' | '&>>' | [0-9]'>' | [0-9]'>>' | [0-9]'<' | [0-9]'>&')
                skip=1; continue ;;
            '>'* | '<'* | '&>'* | [0-9]'>'* | [0-9]'<'*) continue ;;
            *';') arguments+=("${word%;}"); break ;;
        esac
        arguments+=("$word")
    done
    [ "${#arguments[@]}" -gt 0 ] || return 1
    for word in "${arguments[@]}"; do
        case "$word" in
            [A-Za-z_]*=* | [A-Za-z_]*\[*\]=*)
                case "${word%%[=[]*}" in *[!A-Za-z0-9_]*) ;; *) return 1 ;; esac ;;
        esac
    done
    case "${arguments[@]:0:1}" in
        render | compare | watch | fonts | help | - | --?*) return 0 ;;
    esac
    for word in "${arguments[@]}"; do
        case "$word" in
            [-+]?*) ;;
            [A-Za-z_]*) case "$word" in *[!A-Za-z0-9_]*) return 0 ;; esac ;;
            *) return 0 ;;
        esac
    done
    return 1
}

if [ -n "${ZSH_VERSION-}" ] && [[ -o interactive ]]; then
    # zsh: `typeset` is a reserved word there, so only the typed line can be changed.
    __typeset_line_finish() {
        local -a words
        words=(${(z)BUFFER})
        [[ ${words[1]-} == typeset ]] || return 0
        __typeset_is_program_call "${(@)words[2,-1]}" || return 0
        BUFFER="typesetter${BUFFER#*typeset}"
    }
    autoload -Uz add-zle-hook-widget
    add-zle-hook-widget line-finish __typeset_line_finish
    # The program's completion for `typeset` (zsh's own completes the builtin).
    if (( $+functions[compdef] )) && (( $+functions[_typesetter] || ${+_comps[typesetter]} )); then
        compdef _typesetter typeset
    fi
elif [ -n "${BASH_VERSION-}" ] && [[ $- == *i* ]]; then
    # bash: Return runs a key sequence bound to the rewrite, then one bound to accept-line.
    # (Without line editing, as in `bash -i -c`, nothing is typed: bind's warning is dropped.)
    __typeset_rewrite_line() {
        local -a words
        read -r -a words <<< "$READLINE_LINE"
        [[ ${words[0]-} == typeset ]] || return 0
        __typeset_is_program_call "${words[@]:1}" || return 0
        READLINE_LINE="typesetter${READLINE_LINE#*typeset}"
        READLINE_POINT=${#READLINE_LINE}
    }
    __typeset_keymap=
    for __typeset_keymap in emacs vi-insert vi-command; do
        bind -m "$__typeset_keymap" -x '"\C-x\C-]r": __typeset_rewrite_line' 2> /dev/null
        bind -m "$__typeset_keymap" '"\C-x\C-]a": accept-line' 2> /dev/null
        bind -m "$__typeset_keymap" '"\C-m": "\C-x\C-]r\C-x\C-]a"' 2> /dev/null
        bind -m "$__typeset_keymap" '"\C-j": "\C-x\C-]r\C-x\C-]a"' 2> /dev/null
    done
    unset __typeset_keymap
    # The program's completion for `typeset` too: the one installed beside this file.
    if ! declare -F _typesetter > /dev/null; then
        __typeset_completion="${BASH_SOURCE[0]%/*}/../bash-completion/completions/typesetter"
        if [ -r "$__typeset_completion" ]; then . "$__typeset_completion"; fi
        unset __typeset_completion
    fi
    if declare -F _typesetter > /dev/null; then complete -o filenames -F _typesetter typeset; fi
fi
