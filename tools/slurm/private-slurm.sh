#!/usr/bin/env bash
# private-slurm.sh: a single-node Slurm of its own, for trying the job
# arrays of tools/slurm/ on one machine and for the test that runs them
# (tests/test_slurm.c). Run as root (slurmd starts jobs as their user).
#
#   tools/slurm/private-slurm.sh start DIR [CTLD_PORT SLURMD_PORT]
#   export SLURM_CONF=DIR/slurm.conf     # then sbatch, squeue, scontrol...
#   tools/slurm/private-slurm.sh stop DIR
#
# start: a munge key, munged on a socket under DIR, a slurm.conf naming
# this host (its short name, every core, 127.0.0.1), slurmctld and slurmd
# on the two ports (free ones when not given), every state, spool, log and
# pid file under DIR; waits until the node takes jobs (at most 60 s).
# Nothing outside DIR is touched: no system munged, /etc/slurm or
# /var/spool. stop: cancels the jobs left, stops the three daemons by the
# pids in DIR and waits for them. Exit status 0, or 1 with the reason and
# the last lines of the daemons' logs.
set -euo pipefail
case ${1:-} in
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'; exit 0 ;;
esac

die() {
  echo "private-slurm: $*" >&2
  stop_all
  for log in "$dir"/log/*.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 15 "$log" >&2; }
  done
  exit 1
}

# A port nothing listens on (bash's /dev/tcp connects or fails).
free_port() {
  local p
  for _ in $(seq 100); do
    p=$((20000 + RANDOM % 40000))
    (echo > "/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  echo "private-slurm: no free port found" >&2
  exit 1
}

# Stops the daemon whose pid is in file $1: TERM, then KILL after 10 s.
stop_pid() {
  local pid
  [ -s "$1" ] || return 0
  pid=$(cat "$1")
  kill -TERM "$pid" 2>/dev/null || { rm -f "$1"; return 0; }
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$1"; return 0; }
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$1"
}

# Stops what start started, jobs first.
stop_all() {
  if [ -s "$dir/slurmctld.pid" ]; then
    scancel --quiet --full -p arena 2>/dev/null || true
  fi
  stop_pid "$dir/slurmd.pid"
  stop_pid "$dir/slurmctld.pid"
  stop_pid "$dir/munge/munged.pid"
}

[ $# -ge 2 ] || { echo "usage: $0 start|stop DIR [CTLD_PORT SLURMD_PORT]" >&2; exit 2; }
cmd=$1
dir=$(cd "$2" 2>/dev/null && pwd) || { echo "private-slurm: no directory '$2'" >&2; exit 2; }
export SLURM_CONF=$dir/slurm.conf

case $cmd in
start)
  [ -s "$dir/munge/munged.pid" ] && { echo "private-slurm: $dir runs a Slurm already (stop it first)" >&2; exit 1; }
  [ "$(id -u)" -eq 0 ] || die "run as root: slurmd starts every job as its user"
  for p in munged slurmctld slurmd sbatch; do
    command -v "$p" >/dev/null || [ -x "/usr/sbin/$p" ] || die "'$p' is missing: apt-get install slurm-wlm munge"
  done
  export PATH=$PATH:/usr/sbin
  ctld_port=${3:-$(free_port)}
  slurmd_port=${4:-$(free_port)}
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 755 "$dir/munge"   # the socket's directory: munged wants it passable
  head -c 1024 /dev/urandom > "$dir/munge/munge.key"
  chmod 400 "$dir/munge/munge.key"
  munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
         --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" \
         --seed-file="$dir/munge/munged.seed" || die "munged did not start"
  cat > "$SLURM_CONF" <<CONF
# A private single-node Slurm (tools/slurm/private-slurm.sh): everything under $dir.
ClusterName=arena
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobContainerType=job_container/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
MinJobAge=600
InactiveLimit=0
SlurmdTimeout=60
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=arena Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  slurmctld -c -f "$SLURM_CONF" || die "slurmctld did not start"
  slurmd -f "$SLURM_CONF" -N "$host" || die "slurmd did not start"
  for _ in $(seq 600); do
    state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
    case $state in idle*|mix*|alloc*) exit 0 ;; esac
    sleep 0.1
  done
  die "the node is not up after 60 s (sinfo says '${state:-nothing}')"
  ;;
stop)
  stop_all
  ;;
*)
  echo "usage: $0 start|stop DIR [CTLD_PORT SLURMD_PORT]" >&2
  exit 2
  ;;
esac
