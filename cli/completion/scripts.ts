/**
 * Shell completion scripts. Each is a thin adapter: it passes the words typed so far to
 * `supabase __complete` and hands the answer to the shell, so completions always follow the
 * registry of the installed version without regenerating the script.
 */

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';

/** The hidden entry point the scripts call; the NoDesc twin leaves descriptions out. */
function entry(descriptions: boolean): string {
  return descriptions ? '__complete' : '__completeNoDesc';
}

function bash(): string {
  // Bash splits words at '=' (COMP_WORDBREAKS), so the words are rebuilt from the line itself and
  // candidates for `--flag=value` are trimmed back to the part bash is replacing.
  return `# bash completion for supabase
_supabase_completions() {
    local line="\${COMP_LINE:0:$COMP_POINT}"
    local -a words
    read -r -a words <<< "$line"
    if [[ "$line" == *[[:space:]] || \${#words[@]} -eq 0 ]]; then
        words+=("")
    fi
    local out
    out=$(supabase ${entry(false)} "\${words[@]:1}" 2>/dev/null) || return
    local directive=\${out##*:}
    local current="\${words[\${#words[@]}-1]}"
    local strip=""
    if [[ "$current" == *=* && "$COMP_WORDBREAKS" == *=* ]]; then
        strip="\${current%=*}="
    fi
    COMPREPLY=()
    local candidate
    while IFS= read -r candidate; do
        [[ -z "$candidate" || "$candidate" == :* ]] && continue
        COMPREPLY+=("\${candidate#"$strip"}")
    done <<< "$out"
    if [[ \${#COMPREPLY[@]} -eq 0 && $(( directive & 4 )) -eq 0 ]]; then
        local IFS=$'\\n'
        COMPREPLY=($(compgen -f -- "\${COMP_WORDS[COMP_CWORD]}"))
    fi
}
complete -o nosort -F _supabase_completions supabase 2>/dev/null || complete -F _supabase_completions supabase
`;
}

function zsh(descriptions: boolean): string {
  return `#compdef supabase
# zsh completion for supabase

_supabase() {
    local -a lines completions
    local out directive line name description
    out=$(supabase ${entry(descriptions)} "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
    lines=("\${(@f)out}")
    directive=\${lines[-1]#:}
    for line in "\${(@)lines[1,-2]}"; do
        [[ -z $line ]] && continue
        name=\${line%%$'\\t'*}
        description=\${line#*$'\\t'}
        name=\${name//:/\\\\:}
        if [[ $line == *$'\\t'* ]]; then
            completions+=("$name:$description")
        else
            completions+=("$name")
        fi
    done
    if (( \${#completions} )); then
        _describe -t supabase 'supabase' completions
    elif (( (directive & 4) == 0 )); then
        _files
    fi
}

if [[ $funcstack[1] == _supabase ]]; then
    _supabase "$@"
else
    compdef _supabase supabase
fi
`;
}

function fish(descriptions: boolean): string {
  return `# fish completion for supabase
function __supabase_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l out (supabase ${entry(descriptions)} $words (commandline -ct) 2>/dev/null)
    set -l directive (string replace -r '^:' '' -- $out[-1])
    set -l candidates $out[1..-2]
    if test (count $candidates) -gt 0
        printf '%s\\n' $candidates
    else if test (math "$directive % 8 - $directive % 4") -eq 0
        __fish_complete_path (commandline -ct)
    end
end

complete -c supabase -f -a '(__supabase_complete)'
`;
}

function powershell(descriptions: boolean): string {
  return `# powershell completion for supabase
Register-ArgumentCompleter -Native -CommandName 'supabase' -ScriptBlock {
    param($WordToComplete, $CommandAst, $CursorPosition)
    $words = @($CommandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
    if ($WordToComplete -eq '') { $words += '""' }
    $out = @(& supabase ${entry(descriptions)} @words 2>$null)
    if ($out.Count -eq 0) { return }
    $directive = [int]($out[-1].TrimStart(':'))
    $candidates = @($out | Select-Object -SkipLast 1)
    if ($candidates.Count -eq 0 -and ($directive -band 4) -eq 0) { return }
    foreach ($line in $candidates) {
        $parts = $line -split "\`t", 2
        $name = $parts[0]
        $tip = if ($parts.Count -gt 1 -and $parts[1]) { $parts[1] } else { $name }
        [System.Management.Automation.CompletionResult]::new($name, $name, 'ParameterValue', $tip)
    }
}
`;
}

/** The completion script for a shell. */
export function completionScript(shell: Shell, options: { descriptions: boolean }): string {
  switch (shell) {
    case 'bash':
      return bash();
    case 'zsh':
      return zsh(options.descriptions);
    case 'fish':
      return fish(options.descriptions);
    case 'powershell':
      return powershell(options.descriptions);
  }
}
