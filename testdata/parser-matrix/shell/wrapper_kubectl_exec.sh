# kubectl exec ... -- command.
kubectl exec -it pod -c main -- claude -p hi # want "RED:direct-literal"
